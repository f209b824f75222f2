! A plain MPI program in Fortran with no trace of ortho in it, the
! Fortran counterpart of unmodified.c: the nine collectives the
! interposition library replaces, each checked against what every rank
! can compute alone (MPI_IN_PLACE at the roots and in the allreduce,
! root-only arguments left unset elsewhere).
!
!   mpif90.openmpi -o unmodified_f examples/unmodified.F90
!   mpif90.openmpi -DORTHO_F08 -o unmodified_f08 examples/unmodified.F90
!   ORTHO_VERBOSE=1 mpiexec.openmpi -n 4 \
!       env LD_PRELOAD=$PWD/build-openmpi/lib/libortho_mpi.so ./unmodified_f
!
! `use mpi` by default, `use mpi_f08` with -DORTHO_F08. Rank 0 prints one
! line per collective; the exit status is non-zero on a wrong result.
program unmodified
#ifdef ORTHO_F08
    use mpi_f08
#else
    use mpi
#endif
    implicit none
    integer, parameter :: n = 1024
#ifdef ORTHO_F08
    type(MPI_Comm) :: comm
#else
    integer :: comm
#endif
    integer :: rank, p, ierr, i, r, root, total, mycount
    integer, allocatable :: mine(:), every(:), counts(:), displs(:)
    logical :: ok, all_ok

    call MPI_Init(ierr)
    comm = MPI_COMM_WORLD
    call MPI_Comm_rank(comm, rank, ierr)
    call MPI_Comm_size(comm, p, ierr)
    allocate(mine(n), every(p * n), counts(p), displs(p))
    all_ok = .true.

    ! allgather: rank r's element i is r n + i
    mine = [(rank * n + i, i = 0, n - 1)]
    call MPI_Allgather(mine, n, MPI_INTEGER, every, n, MPI_INTEGER, comm, ierr)
    ok = all(every == [(i, i = 0, p * n - 1)])
    call report('MPI_Allgather', ok, ierr)

    ! bcast from the last rank
    root = p - 1
    mine = -1
    if (rank == root) mine = [(7 * i, i = 0, n - 1)]
#ifdef ORTHO_F08
    ! IERROR is optional in mpi_f08 (the binding then passes none)
    ierr = MPI_SUCCESS
    call MPI_Bcast(mine, n, MPI_INTEGER, root, comm)
#else
    call MPI_Bcast(mine, n, MPI_INTEGER, root, comm, ierr)
#endif
    ok = all(mine == [(7 * i, i = 0, n - 1)])
    call report('MPI_Bcast', ok, ierr)

    ! allreduce in place: sum over r of (r + 1 + i)
    mine = [(rank + 1 + i, i = 0, n - 1)]
    call MPI_Allreduce(MPI_IN_PLACE, mine, n, MPI_INTEGER, MPI_SUM, comm, ierr)
    ok = all(mine == [(p * (p + 1) / 2 + p * i, i = 0, n - 1)])
    call report('MPI_Allreduce', ok, ierr)

    ! reduce to rank 0, in place there (MPICH 4.0.2's own in-place
    ! MPI_Reduce crashes at 4 KiB to another root: README.md)
    mine = [(rank + 1 + i, i = 0, n - 1)]
    every(1:n) = -1
    if (rank == 0) then
        call MPI_Reduce(MPI_IN_PLACE, mine, n, MPI_INTEGER, MPI_SUM, 0, comm, ierr)
        ok = all(mine == [(p * (p + 1) / 2 + p * i, i = 0, n - 1)])
    else
        call MPI_Reduce(mine, every, n, MPI_INTEGER, MPI_SUM, 0, comm, ierr)
        ok = all(every(1:n) == -1)
    end if
    call report('MPI_Reduce', ok, ierr)

    ! gather to the last rank, in place there
    mine = [(rank * n + i, i = 0, n - 1)]
    every = -1
    if (rank == root) then
        every(root * n + 1:) = mine
        call MPI_Gather(MPI_IN_PLACE, n, MPI_INTEGER, every, n, MPI_INTEGER, root, comm, ierr)
        ok = all(every == [(i, i = 0, p * n - 1)])
    else
        call MPI_Gather(mine, n, MPI_INTEGER, every, n, MPI_INTEGER, root, comm, ierr)
        ok = all(every == -1)
    end if
    call report('MPI_Gather', ok, ierr)

    ! scatter from the last rank, in place there
    if (rank == root) then
        every = [(3 * i, i = 0, p * n - 1)]
        call MPI_Scatter(every, n, MPI_INTEGER, MPI_IN_PLACE, n, MPI_INTEGER, root, comm, ierr)
        ok = all(every(root * n + 1:) == [(3 * (root * n + i), i = 0, n - 1)])
    else
        mine = -1
        call MPI_Scatter(every, n, MPI_INTEGER, mine, n, MPI_INTEGER, root, comm, ierr)
        ok = all(mine == [(3 * (rank * n + i), i = 0, n - 1)])
    end if
    call report('MPI_Scatter', ok, ierr)

    ! the v-forms: rank r holds r + 1 blocks of 8, in reverse rank order
    do r = 0, p - 1
        counts(r + 1) = 8 * (r + 1)
    end do
    total = sum(counts)
    displs(p) = 0
    do r = p - 2, 0, -1
        displs(r + 1) = displs(r + 2) + counts(r + 2)
    end do
    mycount = counts(rank + 1)
    mine(1:mycount) = [(1000 * rank + i, i = 0, mycount - 1)]

    every = -1
    call MPI_Allgatherv(mine, mycount, MPI_INTEGER, every, counts, displs, MPI_INTEGER, comm, ierr)
    ok = v_right(every)
    call report('MPI_Allgatherv', ok, ierr)

    every = -1
    if (rank == 0) then
        call MPI_Gatherv(mine, mycount, MPI_INTEGER, every, counts, displs, MPI_INTEGER, 0, &
                         comm, ierr)
        ok = v_right(every)
    else
        ! counts and displacements matter at the root only
        call MPI_Gatherv(mine, mycount, MPI_INTEGER, every, [integer ::], [integer ::], &
                         MPI_INTEGER, 0, comm, ierr)
        ok = all(every == -1)
    end if
    call report('MPI_Gatherv', ok, ierr)

    if (rank == root) then
        every = -1
        do r = 0, p - 1
            every(displs(r + 1) + 1:displs(r + 1) + counts(r + 1)) = &
                [(1000 * r + i, i = 0, counts(r + 1) - 1)]
        end do
        call MPI_Scatterv(every, counts, displs, MPI_INTEGER, mine, mycount, MPI_INTEGER, root, &
                          comm, ierr)
    else
        mine = -1
        call MPI_Scatterv(every, [integer ::], [integer ::], MPI_INTEGER, mine, mycount, &
                          MPI_INTEGER, root, comm, ierr)
    end if
    ok = all(mine(1:mycount) == [(1000 * rank + i, i = 0, mycount - 1)])
    call report('MPI_Scatterv', ok, ierr)

    call MPI_Allreduce(MPI_IN_PLACE, all_ok, 1, MPI_LOGICAL, MPI_LAND, comm, ierr)
    deallocate(mine, every, counts, displs)
    call MPI_Finalize(ierr)
    if (.not. all_ok) stop 1

contains

    ! ok and ierr over every rank, one line from rank 0
    subroutine report(what, ok_here, err)
        character(len=*), intent(in) :: what
        logical, intent(in) :: ok_here
        integer, intent(in) :: err
        logical :: good
        integer :: e
        good = ok_here .and. err == MPI_SUCCESS
        call MPI_Allreduce(MPI_IN_PLACE, good, 1, MPI_LOGICAL, MPI_LAND, comm, e)
        if (rank == 0) then
            if (good) then
                print '(a, a)', what, ': correct'
            else
                print '(a, a)', what, ': WRONG'
            end if
        end if
        all_ok = all_ok .and. good
    end subroutine report

    ! every rank's blocks at their displacements, -1 elsewhere
    logical function v_right(buf)
        integer, intent(in) :: buf(:)
        integer :: expect(size(buf)), q, j
        expect = -1
        do q = 0, p - 1
            do j = 0, counts(q + 1) - 1
                expect(displs(q + 1) + j + 1) = 1000 * q + j
            end do
        end do
        v_right = all(buf == expect)
    end function v_right

end program unmodified
