#define _GNU_SOURCE
#include "CEpoll.h"

#include <pthread.h>

#include <errno.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int cepoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int control(int epoll, int op, int fd, uint32_t events, uint64_t token) {
  struct epoll_event event;
  event.events = events;
  event.data.u64 = token;
  return epoll_ctl(epoll, op, fd, &event);
}

int cepoll_add(int epoll, int fd, uint32_t events, uint64_t token) {
  return control(epoll, EPOLL_CTL_ADD, fd, events, token);
}

int cepoll_modify(int epoll, int fd, uint32_t events, uint64_t token) {
  return control(epoll, EPOLL_CTL_MOD, fd, events, token);
}

int cepoll_remove(int epoll, int fd) {
  struct epoll_event unused = {0};
  return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &unused);
}

int cepoll_poll(int epoll, uint64_t *tokens, uint32_t *events, int capacity) {
  int n;
  do {
    n = cepoll_wait(epoll, tokens, events, capacity, 0);
  } while (n < 0 && errno == EINTR);
  return n;
}

int cepoll_wait(int epoll, uint64_t *tokens, uint32_t *events, int capacity, int timeout) {
  struct epoll_event ready[256];
  if (capacity > 256) capacity = 256;
  int n = epoll_wait(epoll, ready, capacity, timeout);
  for (int i = 0; i < n; i++) {
    tokens[i] = ready[i].data.u64;
    events[i] = ready[i].events;
  }
  return n;
}

int cepoll_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void cepoll_eventfd_signal(int fd) {
  uint64_t one = 1;
  // Full counter (EAGAIN) means a wake-up is already pending: nothing is lost.
  while (write(fd, &one, sizeof one) < 0 && errno == EINTR) {
  }
}

void cepoll_eventfd_drain(int fd) {
  uint64_t count;
  while (read(fd, &count, sizeof count) < 0 && errno == EINTR) {
  }
}

void cepoll_name_thread(const char *name) {
  char shortened[16];
  strncpy(shortened, name, sizeof shortened - 1);
  shortened[sizeof shortened - 1] = 0;
  pthread_setname_np(pthread_self(), shortened);
}

int cepoll_lower_thread_priority(int increment) {
  // On Linux a nice value belongs to one thread: PRIO_PROCESS with a thread id sets only it.
  id_t tid = (id_t)gettid();
  errno = 0;
  int current = getpriority(PRIO_PROCESS, tid);
  if (current == -1 && errno != 0) return -1;
  return setpriority(PRIO_PROCESS, tid, current + increment);
}

int cepoll_thread_nice(void) {
  errno = 0;
  int current = getpriority(PRIO_PROCESS, (id_t)gettid());
  return current == -1 && errno != 0 ? -100 : current;
}
