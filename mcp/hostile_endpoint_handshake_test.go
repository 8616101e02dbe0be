package mcp

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An endpoint event naming another session that comes inside the
// handshake (after the initialize answer, with notifications/initialized
// on its way; or before the answer, so the notification goes to the new
// session) leaves the session on one nobody initialized: initialize fails
// naming both endpoints, no initialized record claims the new session, the
// session-replaced record names both, and the session does not count as
// initialized.
func TestEndpointSwitchMidHandshakeIsNotInitialized(t *testing.T) {
	for _, tc := range []struct {
		name         string
		beforeAnswer bool
		also         string
	}{
		{"after the answer", false, ""},
		{"before the answer", true, "notifications/initialized: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			switched := make(chan struct{})
			opts := mcptest.Options{Handle: func(c *mcptest.Call) {
				other := func() { _ = c.Session.Event("endpoint", strings.Replace(c.Session.Endpoint, c.Session.ID, "OTHER", 1)) }
				switch {
				case c.Method == "initialize" && tc.beforeAnswer:
					c.After(other)
				case c.Method == "notifications/initialized" && !tc.beforeAnswer:
					// The handshake's end is held until the session
					// has read the switch, so it lands inside the
					// handshake every run.
					other()
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					defer cancel()
					select {
					case <-switched:
					case <-ctx.Done():
					}
				}
				c.Default()
			}}
			srv, s, rec := dial(t, opts, Config{})
			conn, err := srv.WaitConn(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				for ctx.Err() == nil {
					for _, x := range rec.all() {
						if x.Kind == KindState && x.State.State == StateSessionReplaced {
							close(switched)
							return
						}
					}
					select {
					case <-rec.more:
					case <-rec.done:
						return
					case <-ctx.Done():
					}
				}
			}()
			resp, err := s.Initialize(testCtx(t))
			if resp == nil || err == nil {
				t.Fatalf("Initialize = %v, %v; want the answer and an error saying the session moved", resp, err)
			}
			old, moved := conn.Endpoint, strings.Replace(conn.Endpoint, conn.ID, "OTHER", 1)
			for _, want := range []string{"POSTs go to " + srv.URL + moved + " now, not " + srv.URL + old, "(OTHER, was " + conn.ID + "), which was never initialized", tc.also} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the error %q does not say %q", err, want)
				}
			}
			if s.Initialized() || s.InitializeResult() != nil {
				t.Error("the session counts as initialized on a session nobody initialized")
			}
			// The watcher above is rec's one reader of more (a second
			// would take its wake-up and wait out its bound): it says
			// when the switch is recorded.
			select {
			case <-switched:
			case <-time.After(10 * time.Second):
				t.Fatal("no session-replaced record within 10s")
			}
			var got Record
			for _, x := range rec.all() {
				if x.Kind == KindState && x.State.State == StateSessionReplaced {
					got = x
					break
				}
			}
			if !strings.Contains(got.State.Detail, moved) || !strings.Contains(got.State.Detail, old) {
				t.Errorf("the session-replaced record %q does not name both %q and %q", got.State.Detail, old, moved)
			}
			for _, x := range rec.all() {
				if x.Kind == KindState && x.State.State == StateInitialized {
					t.Errorf("recorded %q: %s", x.State.State, x.State.Detail)
				}
			}
		})
	}
}
