package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// rawRequest writes request, byte for byte as given (a head net/http would
// not send, a body that is cut short), on a new connection to addr, and
// reads the answer within ten seconds. With closeWrite the connection's
// sending side is closed after the request, so a body announced longer
// than what came breaks off. It returns the answer, its body read and
// closed, and the body's text.
func rawRequest(t *testing.T, addr, request string, closeWrite bool) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	// A refusal may come, and the connection close, before all of a long
	// request is written: what matters is the answer read below.
	_, _ = io.WriteString(conn, request)
	if closeWrite {
		_ = conn.(*net.TCPConn).CloseWrite()
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(text)
}
