package proxy

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A Go SDK client whose probe upstream takes with 200 and an event stream
// that never answers gives up; the stateless session its probe is shown
// as, once the window for an initialize passed, never says it is open:
// nothing of it succeeded.
func TestProbeThatNeverAnsweredOpensNothing(t *testing.T) {
	up := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.FlushHeaders() == nil {
			<-x.Context().Done()
		}
	}})
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = 50 * time.Millisecond
	// The client gives up once the proxy has upstream's 200 (held back,
	// the session's client gets it only once it is settled).
	reached, inner := make(chan struct{}, 1), p.client.Transport
	p.client.Transport = roundTripFunc(func(r *http.Request) (*http.Response, error) {
		resp, err := inner.RoundTrip(r)
		if err == nil {
			// Only the first is waited for: a later exchange (the
			// client's notifications/cancelled) must not block on it.
			select {
			case reached <- struct{}{}:
			default:
			}
		}
		return resp, err
	})
	ctx, cancel := context.WithCancel(bounded(t))
	gaveUp := make(chan error, 1)
	go func() {
		_, err := sdk.NewClient(&sdk.Implementation{Name: "quitter", Version: "1"}, nil).Connect(ctx,
			&sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true}, nil)
		gaveUp <- err
	}()
	select {
	case <-reached:
	case <-time.After(testTimeout):
		t.Fatal("upstream's answer to the probe never reached the proxy")
	}
	cancel()
	if err := <-gaveUp; err == nil {
		t.Fatal("the client connected, want it to give up")
	}
	// Found by its probe, not by its place: the client's
	// notifications/cancelled, sent as it gives up, is a session of its
	// own (it names no client) and may be told of first.
	id := w.clientWith(t, "the probe's session, once its window passed", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "server/discover"
	}).ID
	w.record(t, id, "the probe's failure", func(r mcp.Record) bool { return r.Error != nil && r.Error.Op == mcp.OpCancelled })
	p.Close()
	w.until(t, "the session to end", func() bool { return w.ended[id] })
	for _, r := range w.records(id) {
		if r.State != nil && r.State.State == mcp.StateOpen {
			t.Errorf("a session whose only request got no answer logs %s", describe(r))
		}
	}
	if got := strings.Join(methodsSent(w.records(id)), " "); got != "server/discover" {
		t.Errorf("the session sent %q, want its probe alone", got)
	}
}

// An answer whose members are named otherwise than JSON-RPC names them
// ("ID", "Result") is no answer in the session's recording, so it opens
// the stateless session no more than a 200 with nothing in it would: the
// proxy reads it as the recording does, members by their exact names.
func TestMisnamedAnswerOpensNothing(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","ID":1,"Result":{"tools":[]}}`)
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	list := request2026("1", "tools/list", "", "lister")
	if body := readAll(t, rawPost(t, base+"/mcp", list, headers2026("tools/list")...).Body); !strings.Contains(body, `"Result"`) {
		t.Fatalf("the client was answered %q, want upstream's body relayed", body)
	}
	w.until(t, "the lister's session", func() bool { return len(w.clients) == 1 })
	id := w.sessions()[0].ID
	p.Close()
	w.until(t, "the session to end", func() bool { return w.ended[id] })
	for _, r := range w.records(id) {
		if r.State != nil && r.State.State == mcp.StateOpen {
			t.Errorf("a session whose one answer names no id logs %s", describe(r))
		}
	}
}
