/*
 * Thread scheduling calls the engine's executor makes on its own threads, as plain functions
 * (gettid() and the syscall() fallback are not importable into Swift as they are).
 */
#ifndef SEARCHBAR_CTHREAD_H
#define SEARCHBAR_CTHREAD_H

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/**
 * Lowers the calling thread's scheduling priority to nice value `nice_value` (Linux schedules
 * threads one by one, so this touches no other thread of the process). Lowering a priority is
 * always allowed; a value at or below the thread's current one changes nothing.
 * Returns 0 on success, else the errno of setpriority (the thread then keeps its priority).
 */
static inline int sbthread_lower_priority(int nice_value) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    if (current == -1 && errno != 0) return errno;
    if (current >= nice_value) return 0;
    return setpriority(PRIO_PROCESS, (id_t)tid, nice_value) == 0 ? 0 : errno;
}

/** The calling thread's nice value (for tests), or INT32_MIN when it cannot be read. */
static inline int sbthread_priority(void) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    return (current == -1 && errno != 0) ? (int)(-2147483647 - 1) : current;
}

#endif
