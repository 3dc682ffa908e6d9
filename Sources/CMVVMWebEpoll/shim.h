// Linux's epoll, which Glibc's Swift module leaves out: the server watches its connections'
// sockets with one edge-triggered set (see SocketEvents.swift).
#include <sys/epoll.h>
