import Dispatch
import Glibc

/// Writing, timers and closing: the state's actions as system calls.
extension Connection {
  // MARK: Writing

  func flush() {
    guard !state.isClosed else { return }
    while state.hasPendingOutput {
      let written = sendPending()
      if written > 0 {
        arm(state.wrote(written))
      } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return  // The next readiness event resumes writing.
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        close()  // EPIPE or ECONNRESET: the peer is gone.
        return
      }
    }
    let next = state.outputSent()
    if backlogged != 0 { countBacklog() }
    defer { updateReading() }
    switch next {
    case .streaming:
      return
    case .close:
      close()
    case .linger:
      shutdown(fd, Int32(SHUT_WR))
      arm(.linger)
    case .next(let timer):
      if let timer { arm(timer) }
      if !processing { process() }
    }
  }

  /// Sends what is left of the state's `output` and then of its `outputBody` in one call, and
  /// returns what `sendmsg` does: the number of bytes sent, or -1 with `errno` set.
  func sendPending() -> Int {
    let writeIndex = state.writeIndex
    return state.output.withUnsafeBytes { head in
      state.outputBody.withUnsafeBytes { body in
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { parts in
          var count = 0
          func add(_ bytes: UnsafeRawBufferPointer, from start: Int) {
            guard let base = bytes.baseAddress, start < bytes.count else { return }
            parts[count] = iovec(
              iov_base: UnsafeMutableRawPointer(mutating: base + start),
              iov_len: bytes.count - start)
            count += 1
          }
          add(head, from: writeIndex)
          add(body, from: max(writeIndex - head.count, 0))
          var message = msghdr()
          message.msg_iov = parts.baseAddress
          message.msg_iovlen = count
          return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
        }
      }
    }
  }

  // MARK: Timeouts and closing

  /// Arms the state's named timer with the configured duration.
  func arm(_ name: ConnectionState.Timer) {
    let timeouts = pipeline.timeouts
    switch name {
    case .header: arm(timeouts.header)
    case .bodyStart, .body: arm(timeouts.body, notAfter: bodyDeadline)
    case .write: arm(timeouts.body)
    case .idle, .stream: arm(timeouts.idle)
    case .answer: arm(timeouts.answer)
    case .linger: arm(.seconds(2))
    case .grace: arm(Self.firstRequestGrace)
    }
  }

  func arm(_ timeout: DispatchTimeInterval, notAfter limit: DispatchTime = .distantFuture) {
    deadline = min(.now() + timeout, limit)
    if deadline < timerFires { setTimer(deadline) }
  }

  func setTimer(_ time: DispatchTime) {
    timerFires = time
    timer.schedule(deadline: time, leeway: .milliseconds(50))
  }

  func timedOut() {
    guard !state.isClosed else { return }
    timerFires = .distantFuture
    if DispatchTime.now() < deadline {
      setTimer(deadline)  // The deadline moved later since the timer was set.
      return
    }
    switch state.timerFired() {
    case .close: close()
    case .answerTimedOut: if let awaited { answerTimedOut(awaited) }
    case .refuseTimeout: fail(HTTPError(.requestTimeout, "The request took too long to arrive."))
    case .rearm(let timer): arm(timer)
    }
  }

  func close() {
    let (wasOpen, streamWasOpen) = state.close()
    guard wasOpen else { return }
    if streamWasOpen, let stream {
      configuration.metrics.streamClosed()
      pipeline.streamBacklog.ended()
      stream.end()
    }
    countBacklog()
    if let watched { socketEvents.unwatch(fd, watched) }
    timer.cancel()
  }
}
