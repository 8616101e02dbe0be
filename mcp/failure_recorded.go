package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"strings"
	"syscall"
)

// RecordedFailureWords is FailureWords for a failure as a record keeps it
// (HTTPExchange.Err, net/http's own text, the wire's truth), so a pane
// reading the record says what exec and the status line said when it
// happened: "the server closed the connection partway through its
// answer's status line and headers", where the record says net/http's
// "HTTP/1.x transport connection broken: unexpected EOF". The method and
// URL net/http puts first are left out, as the line showing it names them.
func RecordedFailureWords(recorded string) string {
	return FailureWords(recordedError(withoutRequest(recorded)))
}

// withoutRequest drops net/http's `Post "URL": ` from a recorded failure.
func withoutRequest(recorded string) string {
	for _, verb := range []string{"Get", "Post", "Delete", "Head", "Put"} {
		if rest, ok := strings.CutPrefix(recorded, verb+` "`); ok {
			if _, after, ok := strings.Cut(rest, `": `); ok {
				return after
			}
			break
		}
	}
	return recorded
}

// recordedError is an error FailureWords reads as it read the one whose
// text was recorded: net/http's are values (io.EOF) or wrap them, which a
// recording keeps only as text.
func recordedError(text string) error {
	if text == io.EOF.Error() {
		return io.EOF
	}
	if text == context.DeadlineExceeded.Error()+": "+errLeaveBound.Error() {
		// What is sent on leaving ran out of its own bound (do adds why
		// to net/http's words): a timeout, as when it happened.
		return context.DeadlineExceeded
	}
	if i := strings.Index(text, connBroken+": "); i >= 0 {
		head, after := text[:i+len(connBroken)], text[i+len(connBroken)+2:]
		switch {
		case after == io.ErrUnexpectedEOF.Error():
			return fmt.Errorf("%s: %w", head, io.ErrUnexpectedEOF)
		case strings.HasPrefix(after, badHeaderLine):
			return fmt.Errorf("%s: %w", head, textproto.ProtocolError(after))
		}
	}
	if err := recordedDial(text); err != nil {
		return err
	}
	return errors.New(text)
}

// recordedDial is the dial error whose text net recorded, as dialWords
// reads it: "dial tcp 127.0.0.1:9852: connect: connection refused", or
// "dial tcp: lookup NAME on 10.0.0.53:53: no such host" (or without the
// resolver's " on …"); nil for any other text, which is said as it is.
func recordedDial(text string) error {
	rest, ok := strings.CutPrefix(text, "dial ")
	if !ok {
		return nil
	}
	if name, ok := strings.CutPrefix(rest[strings.Index(rest, " ")+1:], "lookup "); ok && strings.HasSuffix(name, ": no such host") {
		name = strings.TrimSuffix(name, ": no such host")
		name, _, _ = strings.Cut(name, " on ")
		return &net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}}
	}
	i := strings.LastIndex(rest, ": ")
	for _, errno := range dialErrnos {
		if i >= 0 && rest[i+2:] == errno.Error() {
			return &net.OpError{Op: "dial", Err: fmt.Errorf("%s: %w", rest[:i], errno)}
		}
	}
	return nil
}

// dialErrnos are the reasons a connection is not made that a record keeps
// only as text.
var dialErrnos = []syscall.Errno{syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.ETIMEDOUT, syscall.EHOSTUNREACH, syscall.ENETUNREACH, syscall.EADDRNOTAVAIL}
