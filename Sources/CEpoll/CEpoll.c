#include "CEpoll.h"

#include <errno.h>
#include <sys/epoll.h>

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
  struct epoll_event ready[256];
  if (capacity > 256) capacity = 256;
  int n;
  do {
    n = epoll_wait(epoll, ready, capacity, 0);
  } while (n < 0 && errno == EINTR);
  for (int i = 0; i < n; i++) {
    tokens[i] = ready[i].data.u64;
    events[i] = ready[i].events;
  }
  return n;
}
