/* Charging the computation to the simulated clock. Under SimGrid SMPI (its
 * mpi.h defines SMPI_H) the default settings charge a program's CPU time
 * at smpi/host-speed (20000 flop/s unless set), which makes local work
 * practically free; with --flops the program charges a documented count
 * of operations instead, at the platform's node speed, so that computation
 * costs the same in every run whatever the load of the simulating machine
 * (run with --cfg=smpi/simulate-computation:no so that it is not also
 * charged by CPU time). Natively, computation costs what it costs. */
#include "pab.h"

int pab_charge_available(void)
{
#ifdef SMPI_H
    return 1;
#else
    return 0;
#endif
}

void pab_charge(int on, double flops)
{
#ifdef SMPI_H
    if (on && flops > 0.0)
        smpi_execute_flops(flops);
#else
    (void)on, (void)flops;
#endif
}
