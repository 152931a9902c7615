// A thin, non-packed view of Linux epoll for Swift. Glibc's Swift module does not export
// <sys/epoll.h>, and `struct epoll_event` is packed on x86_64, so Swift gets plain integers
// here instead of the struct.
#ifndef CEPOLL_H
#define CEPOLL_H

#include <stdint.h>

#define CEPOLL_IN 0x001u
#define CEPOLL_OUT 0x004u
#define CEPOLL_ERR 0x008u
#define CEPOLL_HUP 0x010u
#define CEPOLL_RDHUP 0x2000u

/// A new epoll instance (close-on-exec), or -1 with errno set.
int cepoll_create(void);

/// Adds `fd` with `events` and `token`; -1 with errno set on failure.
int cepoll_add(int epoll, int fd, uint32_t events, uint64_t token);

/// Replaces the events and token of a registered `fd`.
int cepoll_modify(int epoll, int fd, uint32_t events, uint64_t token);

/// Removes `fd` (before it is closed, so a reused descriptor number starts clean).
int cepoll_remove(int epoll, int fd);

/// Ready descriptors without waiting: up to `capacity` pairs of token and events. Returns the
/// count, or -1 with errno set.
int cepoll_poll(int epoll, uint64_t *tokens, uint32_t *events, int capacity);

/// Ready descriptors, waiting up to `timeout` milliseconds (-1: no limit) for the first. Returns
/// the count, 0 on time-out, or -1 with errno set (EINTR when a signal interrupted the wait).
int cepoll_wait(int epoll, uint64_t *tokens, uint32_t *events, int capacity, int timeout);

/// A non-blocking, close-on-exec eventfd (a counter another thread bumps to end a wait), or -1.
int cepoll_eventfd(void);

/// Makes the eventfd readable (wakes a thread waiting for it in an epoll set).
void cepoll_eventfd_signal(int fd);

/// Resets the eventfd to not readable.
void cepoll_eventfd_drain(int fd);

/// Names the calling thread (cut to the 15 bytes Linux keeps), for ps, top and perf.
void cepoll_name_thread(const char *name);

/// Raises the calling thread's nice value by `increment` (lowers its priority; no privilege
/// needed). Returns 0, or -1 with errno set.
int cepoll_lower_thread_priority(int increment);

/// The calling thread's nice value, or -100 when it cannot be read.
int cepoll_thread_nice(void);

#endif
