/**
 * Steps run one per task (a macrotask each), in order; `cancel` drops those not run yet and
 * `flush` runs them now. Bounded by the steps given.
 */
export class StepQueue {
  private steps: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  run(steps: Array<() => void>): void {
    this.cancel();
    this.steps = steps;
    this.schedule();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.steps = [];
  }

  flush(): void {
    const steps = this.steps;
    this.cancel();
    for (const step of steps) step();
  }

  private schedule(): void {
    if (this.steps.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.steps.shift()?.();
      this.schedule();
    }, 0);
  }
}
