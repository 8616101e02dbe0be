package mcp

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// retryThenClose has the legacy fake's first stream send a retry field and
// end, and returns the session reconnecting on its own (at once, were the
// field ignored) and its records.
func retryThenClose(t *testing.T, retry string) (*mcptest.Server, *Session, *recorded) {
	t.Helper()
	srv := mcptest.New(t, mcptest.Options{})
	s, rec := connect(t, Config{URL: srv.URL, Transport: TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond})
	c, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatalf("WaitConn: %v", err)
	}
	if err := c.WriteRaw("retry: " + retry + "\n\n"); err != nil {
		t.Fatalf("WriteRaw: %v", err)
	}
	c.Close()
	return srv, s, rec
}

// ownClose waits for the close the reconnects of its own follow.
func ownClose(t *testing.T, rec *recorded) Record {
	t.Helper()
	return rec.waitFor(t, "the stream's close, reconnects to follow", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Auto
	})
}

// A legacy server's retry field is the wait before reconnecting, as
// EventSource takes it: mcpscope reconnected on its own schedule (0.5 s,
// doubling), whatever the server asked. The close says the wait.
func TestLegacyReconnectWaitsTheServersRetry(t *testing.T) {
	_, _, rec := retryThenClose(t, "400")
	closed := ownClose(t, rec)
	if want := "; the server's retry field asks to wait 400ms"; !strings.Contains(closed.State.Detail, want) {
		t.Errorf("the close says %q, want it to say %q", closed.State.Detail, want)
	}
	again := rec.waitFor(t, "the reconnect of its own", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateReconnecting && r.State.OnItsOwn()
	})
	if gap := again.Time.Sub(closed.Time); gap < 350*time.Millisecond {
		t.Errorf("reconnected %s after the close, want the 400ms the server's retry asked for", gap)
	}
}

// A hostile "retry: 0" on a stream that ends as soon as it opens does not
// make a reconnect per round trip: the wait is held to quickBackoff, and
// the close says why it is not the server's.
func TestLegacyReconnectRetryZeroIsHeld(t *testing.T) {
	_, _, rec := retryThenClose(t, "0")
	closed := ownClose(t, rec)
	want := "the server's retry field asks to wait 0s, but the stream ended as soon as it opened: waiting " + DurationText(quickBackoff)
	if !strings.Contains(closed.State.Detail, want) {
		t.Errorf("the close says %q, want it to say %q", closed.State.Detail, want)
	}
	again := rec.waitFor(t, "the reconnect of its own", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateReconnecting && r.State.OnItsOwn()
	})
	if gap := again.Time.Sub(closed.Time); gap < quickBackoff*8/10 {
		t.Errorf("reconnected %s after the close, want at least %s", gap, quickBackoff)
	}
}

// A retry of days is held to mcpscope's cap, said as such, and the wait
// does not hold up quitting.
func TestLegacyReconnectRetryOfDaysIsCapped(t *testing.T) {
	_, s, rec := retryThenClose(t, "864000000")
	closed := ownClose(t, rec)
	want := "the server's retry field asks to wait 864000000 ms (240h): waiting 30s (mcpscope's cap)"
	if !strings.Contains(closed.State.Detail, want) {
		t.Errorf("the close says %q, want it to say %q", closed.State.Detail, want)
	}
	done := make(chan struct{})
	go func() {
		s.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited out the server's retry")
	}
}

// A request sent while the broken legacy stream waits to be reopened on
// mcpscope's own schedule is refused as not connected, and says the stream
// is being reopened: the TUI read that from its log, which can lag the
// session, and then said "press r to reconnect" to a session already
// reconnecting.
func TestRequestWhileReconnectingSaysSo(t *testing.T) {
	_, s, rec := retryThenClose(t, "60000")
	ownClose(t, rec)
	_, err := s.Request(testCtx(t), "tools/list", nil)
	var we *WireError
	if !errors.As(err, &we) || we.Cause != CauseNotConnected || !we.Reconnecting {
		t.Fatalf("a request while reconnecting fails with %#v, want not connected and reconnecting", err)
	}
}
