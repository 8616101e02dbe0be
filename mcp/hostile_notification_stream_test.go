package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers notifications/initialized with an event stream it
// never ends (it should answer 202) does not hold up the handshake: the
// POST was taken once its status came, what the stream says is still
// recorded, and mcpscope closes the stream soon, as it does a request's
// stream left open after its answer. The handshake used to wait the whole
// --timeout (60s by default) for the stream to end, saying nothing.
func TestNotificationAnsweredWithAnEndlessStream(t *testing.T) {
	closed := make(chan struct{})
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		if err := x.WriteRaw(": held open\n\n"); err != nil {
			return
		}
		_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "said on the notification's stream"})
		<-x.Request.Context().Done()
		close(closed)
	})
	s, rec := connectPastTheNotification(t, srv.URL, "stream")
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("tools/list after the handshake: %v", err)
	}
	rec.waitFor(t, "the log message sent on the notification's stream", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC != nil && r.RPC.Method == "notifications/message"
	})
	waitClosed(t, closed, "the notification's stream, closed by mcpscope")
	s.Close()
	rec.waitEnd(t)
}

// A notification answered 2xx with a body that never ends, of any type,
// holds the handshake up for at most answeredLinger in both eras that have
// notifications/initialized: the body is read that long, and its HTTP
// record says why it stopped. It used to hold the handshake the whole
// --timeout, and an endless JSON body then failed it ("the JSON answer
// broke off: context canceled").
func TestNotificationAnsweredWithABodyThatNeverEnds(t *testing.T) {
	cutNote := func(t *testing.T, rec *recorded) {
		t.Helper()
		for _, r := range rec.of(KindHTTP) {
			if r.HTTP.Method == "POST" && strings.Contains(r.HTTP.Err, "stopped reading") {
				return
			}
		}
		t.Errorf("no POST record says mcpscope stopped reading the body that never ended")
	}
	for _, ct := range []string{"text/plain", "application/json"} {
		t.Run("streamable "+ct, func(t *testing.T) {
			srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
				x.StatusOpen(http.StatusAccepted, ct, " ")
				<-x.Request.Context().Done()
			})
			s, rec := connectPastTheNotification(t, srv.URL, "body")
			s.Close()
			rec.waitEnd(t)
			cutNote(t, rec)
		})
	}
	t.Run("legacy", func(t *testing.T) {
		_, s, rec := dial(t, mcptest.Options{Handle: func(c *mcptest.Call) {
			if c.Method == "notifications/initialized" {
				c.Status(http.StatusAccepted, "text/plain", "Accepted")
				c.KeepOpen()
				return
			}
			c.Default()
		}}, Config{RequestTimeout: 20 * time.Second})
		start := time.Now()
		if _, err := s.Initialize(testCtx(t)); err != nil {
			t.Fatalf("Initialize: %v", err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("Connect took %v: the handshake waited on the body answering notifications/initialized", d)
		}
		if _, _, err := s.ListTools(testCtx(t), false); err != nil {
			t.Errorf("tools/list after the handshake: %v", err)
		}
		s.Close()
		rec.waitEnd(t)
		cutNote(t, rec)
	})
}

// connectPastTheNotification connects to the streamable fake at url and
// fails the test if the handshake took 10 seconds or more: it waited on
// the what (stream or body) answering notifications/initialized.
func connectPastTheNotification(t *testing.T, url, what string) (*Session, *recorded) {
	t.Helper()
	s := NewSession(Config{URL: url, RequestTimeout: 20 * time.Second, NoGetStream: true})
	rec := collect(s)
	start := time.Now()
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Connect took %v: the handshake waited on the %s answering notifications/initialized", d, what)
	}
	return s, rec
}
