package mcptest

import (
	"errors"
	"net/http"
	"testing"
)

func TestEndpointGate(t *testing.T) {
	gate := make(chan struct{})
	srv := New(t, Options{EndpointGate: gate, SessionID: fixedID})
	st := openStream(t, srv.SSEURL(), nil)
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	// Whatever the test writes while the gate is shut comes before the
	// endpoint, which proves the endpoint was held back.
	if err := conn.WriteRaw("event: early\ndata: x\n\n"); err != nil {
		t.Fatal(err)
	}
	close(gate)
	for _, want := range []string{"event: early\ndata: x\n\n", "event: endpoint\ndata: /sse?sessionid=ID1\n\n"} {
		if got := st.event(); got != want {
			t.Errorf("event = %q, want %q", got, want)
		}
	}
}

func TestNoEndpoint(t *testing.T) {
	srv := New(t, Options{NoEndpoint: true})
	st := openStream(t, srv.SSEURL(), nil)
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if conn.Endpoint != "" {
		t.Errorf("Conn.Endpoint = %q, want empty", conn.Endpoint)
	}
	if err := conn.Event("", "first"); err != nil {
		t.Fatal(err)
	}
	if got, want := st.event(), "data: first\n\n"; got != want {
		t.Errorf("first event = %q, want %q", got, want)
	}
}

func TestEventSplitsDataLines(t *testing.T) {
	srv, st, _ := session(t, Options{})
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Event("note", "a\nb"); err != nil {
		t.Fatal(err)
	}
	if got, want := st.event(), "event: note\ndata: a\ndata: b\n\n"; got != want {
		t.Errorf("event = %q, want %q", got, want)
	}
	if got := conn.Messages(); got != 0 {
		t.Errorf("Messages = %d after a non-message event, want 0", got)
	}
}

func TestConnCloseMidSession(t *testing.T) {
	srv, st, url := session(t, Options{})
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	st.eof()
	<-conn.Done()
	if err := conn.WriteRaw("late"); !errors.Is(err, ErrClosed) {
		t.Errorf("WriteRaw after Close = %v, want ErrClosed", err)
	}
	if got := post(t, url, initialize); got.status != http.StatusNotFound {
		t.Errorf("POST to the closed session = %d, want 404", got.status)
	}
	// A new stream is a new session that was never initialized.
	st2 := openStream(t, srv.SSEURL(), nil)
	url2 := st2.endpoint()
	if url2 == url {
		t.Errorf("second session has the same endpoint %s, want a new one", url)
	}
	conn2, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if conn2.InitializeReceived() || conn2.Initialized() {
		t.Error("new session reports initialize state, want none")
	}
}
