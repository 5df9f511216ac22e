import type { OrderGuards, Settings } from '../../../shared/ipc/app-types';
import type { Question } from './ask';

/**
 * Main's own settings UI for what weakens a guard (order confirmations, the precautionary limits):
 * a chain of native message boxes, one choice each, so nothing the main window's IPC can reach
 * changes them. The renderer's settings only ask main to open it (`settings.openOrderGuards`).
 * Cancel on any box leaves every setting as it was.
 */
const VALUE_CHOICES = ['5000', '25000', '100000', '500000'];
const QUANTITY_CHOICES = ['100', '1000', '10000'];
const DISTANCE_CHOICES = [2, 5, 10, 25];

export type GuardSettings = Pick<Settings, 'confirmOrders' | 'orderGuards'>;

/** Walks the boxes with `ask`; the new guard settings, or undefined when the user cancelled. */
export async function chooseGuardSettings(
  current: GuardSettings,
  ask: (q: Question) => Promise<number>,
): Promise<GuardSettings | undefined> {
  const pick = async <T>(
    q: Omit<Question, 'buttons' | 'cancelId' | 'defaultId'>,
    choices: Array<[string, T]>,
  ) => {
    const buttons = ['Cancel', ...choices.map(([label]) => label)];
    const answer = await ask({ ...q, buttons, cancelId: 0, defaultId: 1 });
    const chosen = choices[answer - 1];
    return answer <= 0 || chosen === undefined ? undefined : { value: chosen[1] };
  };
  const confirm = await pick(
    {
      title: 'Order confirmations',
      message: 'When should Bullpen ask before an order goes to a broker?',
      detail: `Now: ${current.confirmOrders ? 'before every order' : 'only beyond the precautionary limits'}. Orders in the Sandbox are never asked about.`,
    },
    [
      ['Before every order', true],
      ['Only beyond the limits', false],
    ],
  );
  if (!confirm) return undefined;
  const g = current.orderGuards;
  const value = await pick(
    {
      title: 'Largest order value',
      message: 'Ask before an order worth more than:',
      detail: `Now: ${g.maxOrderValue}.`,
    },
    [['Keep', g.maxOrderValue] as [string, string], ...VALUE_CHOICES.map((v): [string, string] => [v, v])],
  );
  if (!value) return undefined;
  const quantity = await pick(
    {
      title: 'Largest quantity',
      message: 'Ask before an order for more shares or contracts than:',
      detail: `Now: ${g.maxQuantity}.`,
    },
    [['Keep', g.maxQuantity] as [string, string], ...QUANTITY_CHOICES.map((v): [string, string] => [v, v])],
  );
  if (!quantity) return undefined;
  const distance = await pick(
    {
      title: 'Distance from the last price',
      message: 'Ask before a limit or stop price further from the last price than:',
      detail: `Now: ${g.maxPriceDistancePct} %.`,
    },
    [
      ['Keep', g.maxPriceDistancePct] as [string, number],
      ...DISTANCE_CHOICES.map((v): [string, number] => [`${v} %`, v]),
    ],
  );
  if (!distance) return undefined;
  const orderGuards: OrderGuards = {
    maxOrderValue: value.value,
    maxQuantity: quantity.value,
    maxPriceDistancePct: distance.value,
  };
  return { confirmOrders: confirm.value, orderGuards };
}
