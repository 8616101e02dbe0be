package mcptest

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
)

// RawAnswer starts a server on 127.0.0.1 that reads one request on each
// connection, answers it with answer byte for byte and hangs up: for
// answers net/http would never write (a status line or header lines it
// refuses, framing headers that contradict each other). It returns the
// base URL (http://127.0.0.1:port) and stops in t.Cleanup.
func RawAnswer(t testing.TB, answer string) string {
	t.Helper()
	return serveConns(t, "mcptest.RawAnswer", func(c net.Conn) {
		req, err := http.ReadRequest(bufio.NewReader(c))
		if err != nil {
			return
		}
		// Read to the end, so that closing sends the answer, not a reset.
		_, _ = io.Copy(io.Discard, req.Body)
		_, _ = io.WriteString(c, answer)
	})
}

// RawAnswers starts a server on 127.0.0.1 that answers each request on a
// connection byte for byte with what answer returns for it (the request
// and its body), for as many requests as the client sends; hold keeps the
// connection open after that answer, reading nothing more, until the
// client hangs up or the test ends: for an answer that hands the
// connection over to another protocol (101 Switching Protocols) and then
// says nothing. It returns the base URL and stops in t.Cleanup.
func RawAnswers(t testing.TB, answer func(req *http.Request, body []byte) (raw string, hold bool)) string {
	t.Helper()
	return serveConns(t, "mcptest.RawAnswers", answerEach(answer, func(c net.Conn, br *bufio.Reader) {
		_, _ = io.Copy(io.Discard, br)
	}))
}

// RawAnswersThenReset is RawAnswers whose connections, when answer says
// hold, are reset rather than held once that answer is written: an answer
// cut off by a TCP reset (connection reset by peer) where it would go on.
func RawAnswersThenReset(t testing.TB, answer func(req *http.Request, body []byte) (raw string, reset bool)) string {
	t.Helper()
	return serveConns(t, "mcptest.RawAnswersThenReset", answerEach(answer, func(c net.Conn, _ *bufio.Reader) {
		if tc, ok := c.(*net.TCPConn); ok {
			// No linger: closing sends RST, not FIN.
			_ = tc.SetLinger(0)
		}
	}))
}

// RawAnswersThenClose is RawAnswers whose connections, when answer says
// close, are closed once that answer is written, without a Connection:
// close header having said so: a server that keeps no connection alive
// and does not say it, as HTTP/1.1 lets a server do.
func RawAnswersThenClose(t testing.TB, answer func(req *http.Request, body []byte) (raw string, close bool)) string {
	t.Helper()
	return serveConns(t, "mcptest.RawAnswersThenClose", answerEach(answer, func(net.Conn, *bufio.Reader) {}))
}

// answerEach is a connection handler that answers each request read from
// it with what answer returns, and once answer says so runs last and
// returns (the connection then closes).
func answerEach(answer func(req *http.Request, body []byte) (string, bool), last func(net.Conn, *bufio.Reader)) func(net.Conn) {
	return func(c net.Conn) {
		br := bufio.NewReader(c)
		for {
			req, err := http.ReadRequest(br)
			if err != nil {
				return
			}
			body, _ := io.ReadAll(req.Body)
			raw, end := answer(req, body)
			if _, err := io.WriteString(c, raw); err != nil {
				return
			}
			if end {
				last(c, br)
				return
			}
		}
	}
}

// serveConns serves every connection on a raw TCP listener on 127.0.0.1
// with handle, which writes what net/http would not; the connection closes
// when handle returns. It returns the base URL and stops in t.Cleanup.
func serveConns(t testing.TB, what string, handle func(net.Conn)) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		closed bool
		conns  = map[net.Conn]bool{}
	)
	// track adds c to the open connections, or closes it at once when the
	// server has stopped, so Cleanup never waits on a reader nobody ends.
	track := func(c net.Conn) bool {
		mu.Lock()
		defer mu.Unlock()
		if closed {
			c.Close()
			return false
		}
		conns[c] = true
		return true
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return // the listener closed
			}
			if !track(c) {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					mu.Lock()
					delete(conns, c)
					mu.Unlock()
					c.Close()
				}()
				handle(c)
			}()
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		closed = true
		for c := range conns {
			c.Close()
		}
		mu.Unlock()
		l.Close()
		wg.Wait()
	})
	return "http://" + l.Addr().String()
}
