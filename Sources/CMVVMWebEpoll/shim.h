// Linux's parts that Glibc's Swift module leaves out. epoll and eventfd: the server watches its
// connections' sockets with one edge-triggered set, and wakes the thread that waits on it with an
// eventfd (see SocketEvents.swift). malloc_trim: memory freed by dropped streams is given back to
// the system (see StreamBacklog.swift).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <malloc.h>
