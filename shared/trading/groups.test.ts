import { describe, expect, it } from 'vitest';
import { GroupShapeError, cancelsSiblingsOnFill, groupKindOf, isLinked, waitsForMaster } from './groups';

describe('linked orders', () => {
  it('names the kind a set of roles makes', () => {
    expect(groupKindOf(['NORMAL'])).toBeNull();
    expect(groupKindOf(['MASTER', 'STOP_PROFIT', 'STOP_LOSS'])).toBe('BRACKET');
    expect(groupKindOf(['MASTER', 'STOP_LOSS'])).toBe('BRACKET');
    expect(groupKindOf(['STOP_PROFIT', 'MASTER'])).toBe('BRACKET');
    expect(groupKindOf(['MASTER', 'OTO'])).toBe('OTO');
    expect(groupKindOf(['OCO', 'OCO'])).toBe('OCO');
    expect(groupKindOf(['MASTER', 'OCO', 'OCO'])).toBe('OTOCO');
  });

  it('refuses shapes no kind has', () => {
    for (const roles of [
      ['MASTER'],
      ['MASTER', 'MASTER', 'STOP_LOSS'],
      ['MASTER', 'STOP_LOSS', 'STOP_LOSS'],
      ['OCO'],
      ['MASTER', 'OCO'],
      ['MASTER', 'OTO', 'OTO'],
      ['NORMAL', 'NORMAL'],
      ['NORMAL', 'MASTER', 'OTO'],
      ['STOP_LOSS'],
      ['MASTER', 'OTO', 'STOP_LOSS'],
    ] as const)
      expect(() => groupKindOf(roles), roles.join()).toThrow(GroupShapeError);
  });

  it('children wait for a master; exits and OCO orders cancel their siblings on a fill', () => {
    expect(waitsForMaster('STOP_LOSS', 'BRACKET')).toBe(true);
    expect(waitsForMaster('OTO', 'OTO')).toBe(true);
    expect(waitsForMaster('OCO', 'OTOCO')).toBe(true);
    expect(waitsForMaster('OCO', 'OCO')).toBe(false);
    expect(waitsForMaster('MASTER', 'BRACKET')).toBe(false);
    expect(cancelsSiblingsOnFill('STOP_PROFIT')).toBe(true);
    expect(cancelsSiblingsOnFill('OCO')).toBe(true);
    expect(cancelsSiblingsOnFill('OTO')).toBe(false);
    expect(cancelsSiblingsOnFill('MASTER')).toBe(false);
  });

  it('a placement is linked when any order carries a role but NORMAL', () => {
    expect(isLinked([{}, { combo_type: 'NORMAL' }])).toBe(false);
    expect(isLinked([{ combo_type: 'MASTER' }, { combo_type: 'STOP_LOSS' }])).toBe(true);
    expect(isLinked([{ combo_type: 'OCO' }])).toBe(true);
  });
});
