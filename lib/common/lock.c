/* The lock of the library's process-wide state (lock.h). */
#include "common/lock.h"

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
/* -1 until asked; then 1 under MPI_THREAD_MULTIPLE, else 0 */
static atomic_int multiple = -1;

int ortho__threads_share(void)
{
    int m = atomic_load_explicit(&multiple, memory_order_relaxed);
    if (m < 0) {
        int level = MPI_THREAD_SINGLE;
        PMPI_Query_thread(&level);
        m = level == MPI_THREAD_MULTIPLE;
        atomic_store_explicit(&multiple, m, memory_order_relaxed);
    }
    return m;
}

void ortho__lock(void)
{
    if (ortho__threads_share())
        pthread_mutex_lock(&state_lock);
}

void ortho__unlock(void)
{
    if (ortho__threads_share())
        pthread_mutex_unlock(&state_lock);
}
