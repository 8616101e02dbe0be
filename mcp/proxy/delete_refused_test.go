package proxy

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that answers the client's DELETE with 405, the
// specification's answer from a server that does not let clients end
// sessions: the relayed DELETE is no failure in the session (headless
// printed it as "! connect: DELETE … answered 405"), and the session ends
// saying it is left to expire upstream, as mcpscope's own DELETE says.
func TestDeleteRefusedWith405IsNoFailure(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Delete: mcptest.Delete405})
	_, base, w := startProxy(t, fake.URL, Config{})
	cs := sdkConnect(t, "no-delete", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	c := w.clientOn(t, mcp.TransportStreamable)
	_ = cs.Close()
	w.until(t, "the session ended by the client's DELETE", func() bool { return w.ended[c.ID] })
	w.record(t, c.ID, "the DELETE answered 405", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeDelete && r.HTTP.Status == 405
	})
	var ended string
	for _, r := range w.records(c.ID) {
		if r.Error != nil {
			t.Errorf("the refused DELETE is logged as a failure: %s: %s", r.Error.Op, r.Error.Message)
		}
		if r.State != nil && r.State.State == mcp.StateClosed {
			ended = r.State.Detail
		}
	}
	if !strings.Contains(ended, "does not allow DELETE (405)") || !strings.Contains(ended, "left to expire") {
		t.Errorf("the session ended saying %q, want that upstream does not allow DELETE and the session is left to expire", ended)
	}
}

// A client's DELETE of a session upstream does not know (an id it never
// issued, or one it forgot) is answered 404: the session ends then,
// saying so. It was left to the grace for a client that left, and then
// ended saying upstream keeps the session until it expires it, of a
// session upstream had just said it does not have.
func TestDeleteOfASessionUpstreamDoesNotKnowEndsIt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	p.earlyWait = time.Hour // only the DELETE's answer may end it
	resp := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", "never-issued", "MCP-Protocol-Version", "2025-11-25")
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("DELETE of a session upstream never issued got %s, want its 404", resp.Status)
	}
	closed := w.record(t, 1, "the session ended", inState(mcp.StateClosed, ""))
	if d := closed.State.Detail; !strings.Contains(d, "DELETE") || !strings.Contains(d, "upstream does not know session never-issued") || strings.Contains(d, "keeps") {
		t.Errorf("the session ended saying %q, want that the client ended it with DELETE and upstream does not know it", d)
	}
}

// A client that retries a DELETE upstream answered 404 begins a new
// recording: it says the client ended the session with DELETE in the
// first, as after a 2xx, not that the session began before the proxy saw
// it.
func TestDeleteRetriedAfter404SaysWhichSessionEndedIt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	deleteNeverIssued(t, base)
	w.record(t, 1, "the first DELETE's session ended", inState(mcp.StateClosed, ""))
	deleteNeverIssued(t, base)
	detect := w.record(t, 2, "how the retry's recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	if why := detect.Detect.Reason; strings.Contains(why, "began before") || !strings.Contains(why, "ended with DELETE in client session 1") {
		t.Errorf("the retried DELETE's recording begins %q, want it to say the client ended the session with DELETE in client session 1", why)
	}
	closed := w.record(t, 2, "the retry's session ended", inState(mcp.StateClosed, ""))
	if d := closed.State.Detail; !strings.Contains(d, "client session 1") {
		t.Errorf("the retried DELETE's recording ends %q, want it to say which session ended it", d)
	}
	// A second retry still names the session that ended the id, not the
	// first retry's.
	deleteNeverIssued(t, base)
	detect = w.record(t, 3, "how the second retry's recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	if why := detect.Detect.Reason; !strings.Contains(why, "ended with DELETE in client session 1") {
		t.Errorf("the second retried DELETE's recording begins %q, want it to name client session 1", why)
	}
}

// deleteNeverIssued sends the proxy at base a client's DELETE of session
// never-issued, which upstream never issued, and reads its answer.
func deleteNeverIssued(t *testing.T, base string) {
	t.Helper()
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", "never-issued", "MCP-Protocol-Version", "2025-11-25").Body)
}

// A client's DELETE that upstream failed (500 here; upstream killed
// answers the client 502 alike) leaves the session to end when the
// client is gone, with its GET stream closed or with none (upstream
// offers none) and every connection closed: it ends saying the client
// sent DELETE, which did not end it upstream. It said the client "sent
// nothing more" and that upstream keeps the session, the DELETE's failure
// just above it.
func TestDeleteUpstreamFailedEndsSayingSo(t *testing.T) {
	for _, noGet := range []bool{false, true} {
		t.Run(fmt.Sprintf("no GET stream %v", noGet), func(t *testing.T) {
			w, c, cs, k := deleter(t, noGet, func(w http.ResponseWriter, _ *http.Request) {
				http.Error(w, "boom", http.StatusInternalServerError)
			})
			_ = cs.Close()
			w.record(t, c.ID, "the DELETE answered 500", func(r mcp.Record) bool {
				return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodDelete && r.HTTP.Status == 500
			})
			k.kill()
			closed := w.record(t, c.ID, "the session ended", inState(mcp.StateClosed, ""))
			if d := closed.State.Detail; !strings.Contains(d, "sent DELETE") || strings.Contains(d, "sent nothing more") {
				t.Errorf("the session ended saying %q, want that the client sent DELETE, which did not end it upstream", d)
			}
		})
	}
}

// A client that hangs up in the middle of its DELETE, before upstream
// answered it, and closes every connection, ends its session saying so:
// whether the DELETE ended the session upstream is not known. It said the
// DELETE "did not end it upstream", which nothing showed.
func TestDeleteDroppedBeforeUpstreamAnsweredEndsSayingSo(t *testing.T) {
	deleted := make(chan struct{}, 1)
	w, c, cs, k := deleter(t, true, func(_ http.ResponseWriter, r *http.Request) {
		deleted <- struct{}{}
		<-r.Context().Done()
	})
	go func() { _ = cs.Close() }()
	select {
	case <-deleted:
	case <-bounded(t).Done():
		t.Fatal("the client's DELETE never reached upstream")
	}
	k.kill()
	closed := w.record(t, c.ID, "the session ended", inState(mcp.StateClosed, ""))
	d := closed.State.Detail
	if !strings.Contains(d, "hung up before upstream answered it") || strings.Contains(d, "did not end it upstream") {
		t.Errorf("the session ended saying %q, want that the client hung up before upstream answered its DELETE", d)
	}
}

// deleter connects the Go SDK client, on a connection k can kill, through
// the proxy to the demo, with the client's DELETE answered by del and its
// GET by 405 when noGet, and lists the tools: the session w watches as c,
// ready for its client to end it.
func deleter(t *testing.T, noGet bool, del http.HandlerFunc) (*watched, *Client, *sdk.ClientSession, *killable) {
	t.Helper()
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch {
		case r.Method == http.MethodDelete:
			del(w, r)
		case r.Method == http.MethodGet && noGet:
			w.WriteHeader(http.StatusMethodNotAllowed)
		default:
			gateway.ServeHTTP(w, r)
		}
	})
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = 50 * time.Millisecond
	k := &killable{}
	cs := sdkConnect(t, "deleter", &sdk.StreamableClientTransport{Endpoint: base + demo.StreamablePath, MaxRetries: -1, HTTPClient: k.client()})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	return w, w.clientOn(t, mcp.TransportStreamable), cs, k
}
