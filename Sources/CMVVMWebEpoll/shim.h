// Linux's epoll and eventfd, which Glibc's Swift module leaves out: the server watches its
// connections' sockets with one edge-triggered set, and wakes the thread that waits on it with an
// eventfd (see SocketEvents.swift).
#include <sys/epoll.h>
#include <sys/eventfd.h>
