package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// connClient is an HTTP client of its own, on connections of its own, as
// each `mcpscope exec` run is.
func connClient(t *testing.T) *http.Client {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: testTimeout}
}

// sentIDs are the requests the client sent in recs, each as its method
// and id.
func sentIDs(recs []mcp.Record) []string {
	var ids []string
	for _, r := range recs {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest {
			ids = append(ids, r.RPC.Method+" "+string(r.RPC.ID))
		}
	}
	return ids
}

// eraUpstream answers server/discover offering no 2026 version and
// initialize with a session named for its id, each under the request's id.
func eraUpstream(t *testing.T) string {
	t.Helper()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     int    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.Unmarshal(body, &m)
		w.Header().Set("Content-Type", "application/json")
		switch m.Method {
		case "server/discover":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"supportedVersions":["2025-11-25"],"capabilities":{}}}`, m.ID)
		case "initialize":
			w.Header().Set("Mcp-Session-Id", fmt.Sprintf("s%d", m.ID))
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`, m.ID)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	return up.URL
}

// twinProbe and twinInit are an alike client's probe and initialize with
// id, posted with c.
func twinProbe(t *testing.T, c *http.Client, base string, id int) {
	answerReadOn(t, c, base+"/mcp", request2026(fmt.Sprint(id), "server/discover", "", "twin"), headers2026("server/discover", "User-Agent", "twin/1")...)
}

func twinInit(t *testing.T, c *http.Client, base string, id int) {
	init := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"twin","version":"0.1"}}}`, id)
	answerReadOn(t, c, base+"/mcp", init, "Accept", "application/json, text/event-stream", "User-Agent", "twin/1")
}

// Alike clients (one address, User-Agent and clientInfo), each on a
// connection of its own and each with ids of its own, probe one after
// another and initialize in the other order. Each probe is its own
// client's session's first exchange: the three probes were filed in one
// held-back session, which the first initialize took whole, so one
// recording held three clients' probes and the others none.
func TestAlikeProbesOnTheirOwnConnectionsJoinTheirOwnSession(t *testing.T) {
	p, base, w := startProxy(t, eraUpstream(t), Config{})
	p.earlyWait = time.Hour // the probes stay held back until their initializes
	clients := []*http.Client{connClient(t), connClient(t), connClient(t)}
	for i, c := range clients {
		twinProbe(t, c, base, (i+1)*100)
	}
	for i := len(clients) - 1; i >= 0; i-- {
		twinInit(t, clients[i], base, (i+1)*100+1)
	}
	p.Close()
	w.allEnded(t, 3)
	sessions := w.sessions()
	for _, c := range sessions {
		ids := sentIDs(w.records(c.ID))
		var n int
		if len(ids) == 2 {
			_, _ = fmt.Sscanf(ids[1], "initialize %d", &n)
		}
		if len(ids) != 2 || ids[0] != fmt.Sprintf("server/discover %d", n-1) {
			t.Errorf("%s session %d sent %q, want its client's probe and then its initialize", c.Transport, c.ID, ids)
		}
	}
	if len(sessions) != 3 {
		t.Errorf("%d sessions for three clients, want 3:\n%s", len(sessions), w.dump())
	}
}

// twoProbesThenInit has two alike clients probe with ids 100 and 200,
// each on a connection of its own, then an initialize with initID come on
// a third, and waits for the proxy's sessions (n) to end as it stops.
func twoProbesThenInit(t *testing.T, initID, n int) *watched {
	t.Helper()
	p, base, w := startProxy(t, eraUpstream(t), Config{})
	p.earlyWait = time.Hour
	twinProbe(t, connClient(t), base, 100)
	twinProbe(t, connClient(t), base, 200)
	twinInit(t, connClient(t), base, initID)
	p.Close()
	w.allEnded(t, n)
	return w
}

// Two alike clients probe, each on its own connection, and an initialize
// comes on a third: nothing on the wire says whose probe it follows. Its
// session joins neither and its record says so, where it took the oldest.
func TestInitializeOnANewConnectionAfterAlikeProbesSaysItCannotTell(t *testing.T) {
	w := twoProbesThenInit(t, 301, 3)
	var found bool
	for _, c := range w.sessions() {
		got := methodsSent(w.records(c.ID))
		if len(got) != 1 {
			t.Errorf("%s session %d sent %q, want one request", c.Transport, c.ID, got)
		}
		if c.Transport != mcp.TransportStreamable {
			continue
		}
		found = true
		var said bool
		for _, r := range w.records(c.ID) {
			said = said || r.Detect != nil && strings.Contains(r.Detect.Reason, "its probe (server/discover) is one of sessions #1, #2") && strings.Contains(r.Detect.Reason, "nothing on the wire tells which")
		}
		if !said {
			t.Errorf("session %d does not say its probe could be either:\n%s", c.ID, w.dump())
		}
	}
	if !found {
		t.Errorf("no streamable session:\n%s", w.dump())
	}
}

// Three official Go SDK clients, each on an http.Client of its own, connect
// one after another to the demo gateway through the proxy, every probe
// made before any initialize. No recording holds two clients' probes:
// each client's session is its probe and its initialize, or, when its
// client dropped the connection it probed on (the SDK does when it stops
// reading the probe's answer before the stream's end) and more than one
// alike probe is held back, its initialize's, saying it cannot tell
// which probe was its client's.
func TestSDKClientsProbingInARowEachKeepTheirProbe(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	target, err := url.Parse(gw.URL)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3
	var probes atomic.Int32
	allProbed := make(chan struct{})
	relay := httputil.NewSingleHostReverseProxy(target)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		switch {
		case strings.Contains(string(body), `"server/discover"`):
			if probes.Add(1) == n {
				defer close(allProbed)
			}
		case strings.Contains(string(body), `"initialize"`):
			select {
			case <-allProbed:
			case <-r.Context().Done():
				return
			}
		}
		relay.ServeHTTP(w, r)
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour
	answered := func() int { // probes the proxy relayed the answer of, under w.mu
		k := 0
		for _, recs := range w.recs {
			for _, r := range recs {
				if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "server/discover" {
					k++
				}
			}
		}
		return k
	}
	var wg sync.WaitGroup
	for i := range n {
		// One after another, as runs of one command started in a row: each
		// probe is answered before the next is sent.
		w.until(t, "the probes before this client's answered", func() bool { return answered() == i })
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, HTTPClient: connClient(t)}
			ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
			defer cancel()
			cs, err := sdk.NewClient(&sdk.Implementation{Name: "twin", Version: "1.2"}, nil).Connect(ctx, tr, nil)
			if err != nil {
				t.Errorf("client %d connecting through the proxy: %v", i, err)
				return
			}
			if _, err := cs.ListTools(ctx, nil); err != nil {
				t.Errorf("client %d tools/list: %v", i, err)
			}
			_ = cs.Close()
		}()
	}
	wg.Wait()
	p.Close()
	w.allEnded(t, n)
	streamable := 0
	for _, c := range w.sessions() {
		recs := w.records(c.ID)
		got := strings.Join(methodsSent(recs), " ")
		if strings.Count(got, "server/discover") > 1 {
			t.Errorf("%s session %d sent %q: more than one client's probe", c.Transport, c.ID, got)
		}
		if c.Transport != mcp.TransportStreamable {
			continue
		}
		streamable++
		if strings.HasPrefix(got, "server/discover initialize") {
			continue
		}
		var said bool
		for _, r := range recs {
			said = said || r.Detect != nil && strings.Contains(r.Detect.Reason, "nothing on the wire tells which")
		}
		if !strings.HasPrefix(got, "initialize") || !said {
			t.Errorf("session %d sent %q, and says neither its probe nor that it cannot tell which it was:\n%s", c.ID, got, w.dump())
		}
	}
	if streamable != n {
		t.Errorf("%d streamable sessions for %d clients, want %d:\n%s", streamable, n, n, w.dump())
	}
}

// Two alike clients probe, each on its own connection and with ids of its
// own, and one initializes on a new connection: its id, the one after its
// probe's, says which probe is its client's.
func TestInitializeOnANewConnectionJoinsTheProbeItsIDFollows(t *testing.T) {
	w := twoProbesThenInit(t, 201, 2)
	for _, c := range w.sessions() {
		ids := sentIDs(w.records(c.ID))
		want := "server/discover 100"
		if c.Transport == mcp.TransportStreamable {
			want = "server/discover 200 initialize 201"
		}
		if got := strings.Join(ids, " "); got != want {
			t.Errorf("%s session %d sent %q, want %q:\n%s", c.Transport, c.ID, got, want, w.dump())
		}
	}
}
