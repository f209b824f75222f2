/* The lock of the library's process-wide state. Private.
 *
 * The drop-ins keep state shared by all communicators: the attribute
 * keys, the settings read from the environment, the profile, the
 * installed choosers and the reasons they give, the count of
 * communicators the library holds. Under MPI_THREAD_MULTIPLE, threads may
 * call collectives on different communicators at once, so that state is
 * read and written under one mutex; under any lower thread level the lock
 * costs one test of a cached flag. The lock is never held across an MPI
 * call that communicates: a thread waiting for another process while
 * holding it could wait for a thread of that process that waits for the
 * lock (a deadlock across processes). */
#ifndef ORTHO_LOCK_H_INCLUDED
#define ORTHO_LOCK_H_INCLUDED

void ortho__lock(void);
void ortho__unlock(void);

/* 1 under MPI_THREAD_MULTIPLE (threads may call the library at once), else
 * 0: state read without the lock is then safe. */
int ortho__threads_share(void);

#endif /* ORTHO_LOCK_H_INCLUDED */
