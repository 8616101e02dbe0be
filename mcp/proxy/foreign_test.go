package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// otherOrigin is the origin a legacy upstream's endpoint event points at:
// it keeps the headers of every request that reaches it and hands the
// request on to the upstream, so a session whose POSTs go there works.
type otherOrigin struct {
	*httptest.Server
	to   atomic.Pointer[httputil.ReverseProxy]
	mu   sync.Mutex
	seen []http.Header
}

func (o *otherOrigin) requests() []http.Header {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]http.Header(nil), o.seen...)
}

// crossOriginUpstream is a legacy upstream (an mcptest fake) whose
// endpoint event points at another origin that leads back to it.
func crossOriginUpstream(t *testing.T) (*mcptest.Server, *otherOrigin) {
	t.Helper()
	o := &otherOrigin{}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.seen = append(o.seen, r.Header.Clone())
		o.mu.Unlock()
		o.to.Load().ServeHTTP(w, r)
	}))
	t.Cleanup(o.Close)
	up := mcptest.New(t, mcptest.Options{Endpoint: func(_, id string) string { return o.URL + "/sse?sessionid=" + id }})
	u, _ := url.Parse(up.URL)
	o.to.Store(httputil.NewSingleHostReverseProxy(u))
	return up, o
}

// endpointData opens a legacy stream through the proxy at base and
// returns the data of the endpoint event the client got.
func endpointData(t *testing.T, base string) string {
	t.Helper()
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	ev := nextEvent(t, bufio.NewReader(stream.Body))
	for _, line := range strings.Split(ev, "\n") {
		if data, ok := strings.CutPrefix(strings.TrimSpace(line), "data:"); ok {
			return strings.TrimSpace(data)
		}
	}
	t.Fatalf("the client's endpoint event %q has no data", ev)
	return ""
}

func originOf(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return mcp.OriginOf(u)
}

// An endpoint event naming another origin does not reach the client as it
// came: the client is pointed at the proxy, whose answer to its POST is 502
// naming both origins and how to allow the other, and the other origin
// gets nothing, least of all the client's token. The negotiation error is
// logged when the event comes.
func TestEndpointOnAnotherOriginIsRefused(t *testing.T) {
	up, other := crossOriginUpstream(t)
	_, base, w := startProxy(t, up.URL, Config{Bearer: "user-token", Header: http.Header{"X-Team": {"blue"}}})
	data := endpointData(t, base)
	if !strings.HasPrefix(data, "/") || strings.Contains(data, other.Listener.Addr().String()) {
		t.Fatalf("the client was pointed at %q, want a path on the proxy", data)
	}
	resp := rawPost(t, base+data, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "Authorization", "Bearer client-token")
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("the client's POST was answered %s, want 502", resp.Status)
	}
	for _, want := range []string{originOf(t, other.URL), originOf(t, up.URL), "--allow-origin " + originOf(t, other.URL)} {
		if !strings.Contains(body, want) {
			t.Errorf("the 502 says %q, want it to name %q", body, want)
		}
	}
	if n := len(other.requests()); n != 0 {
		t.Errorf("the other origin got %d requests, want none", n)
	}
	e := w.record(t, 1, "the negotiation error", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpNegotiate
	})
	if e.Error.Cause != mcp.CauseCrossOrigin || !strings.Contains(e.Error.Message, originOf(t, other.URL)) {
		t.Errorf("the negotiation error is %s %q, want cross-origin naming the other origin", e.Error.Cause, e.Error.Message)
	}
	w.record(t, 1, "the POST's failure", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpPost && r.Error.Cause == mcp.CauseCrossOrigin
	})
}

// With --allow-origin naming it, the POSTs go to the other origin through
// the proxy and the session works (the official SDK's SSE client), with
// the client's own headers and never the user's --bearer or -H.
func TestEndpointOnAnAllowedOriginGetsTheClientsHeadersOnly(t *testing.T) {
	up, other := crossOriginUpstream(t)
	_, base, w := startProxy(t, up.URL, Config{Bearer: "user-token", Header: http.Header{"X-Team": {"blue"}}, AllowOrigins: []string{other.URL}})
	hc := &http.Client{Transport: headerAdder{"X-Client", "sdk"}}
	cs := sdkConnect(t, "allowed", &sdk.SSEClientTransport{Endpoint: base + "/sse", HTTPClient: hc})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy to the allowed origin: %v", err)
	}
	data := endpointData(t, base)
	resp := rawPost(t, base+data, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Authorization", "Bearer client-token")
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusAccepted {
		t.Errorf("the raw client's POST was answered %s, want the upstream's 202", resp.Status)
	}
	seen := other.requests()
	if len(seen) < 3 {
		t.Fatalf("the allowed origin got %d requests, want the SDK's POSTs and the raw client's", len(seen))
	}
	for i, h := range seen[:len(seen)-1] {
		if h.Get("X-Client") != "sdk" || h.Get("Authorization") != "" || h.Get("X-Team") != "" {
			t.Errorf("request %d to the allowed origin carried X-Client %q, Authorization %q, X-Team %q; want the client's header only",
				i, h.Get("X-Client"), h.Get("Authorization"), h.Get("X-Team"))
		}
	}
	if last := seen[len(seen)-1]; last.Get("Authorization") != "Bearer client-token" || last.Get("X-Team") != "" {
		t.Errorf("the raw client's POST reached the allowed origin with Authorization %q, X-Team %q; want its own token and no -H", last.Get("Authorization"), last.Get("X-Team"))
	}
	ep := w.record(t, 1, "the endpoint", func(r mcp.Record) bool { return r.Endpoint != nil })
	if !strings.Contains(ep.Endpoint.Reason, "--allow-origin") {
		t.Errorf("the endpoint's reason is %q, want it to say the origin was allowed", ep.Endpoint.Reason)
	}
}

// headerAdder is a client transport that adds one header to every request.
type headerAdder struct{ name, value string }

func (h headerAdder) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(h.name, h.value)
	return http.DefaultTransport.RoundTrip(r)
}

// An endpoint that names no host, has a scheme other than http or https,
// or is no URI is never handed to the client: it is pointed at the proxy,
// whose answer to its POSTs says what was wrong, whatever --allow-origin
// says.
func TestUnusableEndpointIsRefused(t *testing.T) {
	for _, tc := range []struct{ data, cause, says string }{
		{"ftp://127.0.0.1/x", string(mcp.CauseBadScheme), `scheme "ftp" is not http or https`},
		{"http:/message?sessionid=1", string(mcp.CauseBadEndpoint), "names no host"},
		{"http://[::1/x", string(mcp.CauseBadEndpoint), "is not a URI"},
	} {
		t.Run(tc.data, func(t *testing.T) {
			up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "event: endpoint\ndata: " + tc.data + "\n\n" }, nil)
			_, base, w := startProxy(t, up.URL, Config{AllowOrigins: []string{"http://127.0.0.1"}})
			data := endpointData(t, base)
			if !strings.HasPrefix(data, "/.mcpscope/") {
				t.Fatalf("the client was pointed at %q, want the proxy's refusing path", data)
			}
			resp := rawPost(t, base+data, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
			body := readAll(t, resp.Body)
			if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, tc.says) {
				t.Errorf("the client's POST was answered %s %q, want 502 saying %q", resp.Status, body, tc.says)
			}
			e := w.record(t, 1, "the negotiation error", func(r mcp.Record) bool {
				return r.Error != nil && r.Error.Op == mcp.OpNegotiate
			})
			if string(e.Error.Cause) != tc.cause {
				t.Errorf("the negotiation error's cause is %s, want %s", e.Error.Cause, tc.cause)
			}
		})
	}
}

// A client that asks for the stream without saying it takes an event
// stream (curl -N) gets one all the same when upstream sends it: it is a
// legacy session like any other, its endpoint pointed at the proxy, never
// past it at another origin.
func TestStreamAskedWithoutAcceptIsRewrittenToo(t *testing.T) {
	up, other := crossOriginUpstream(t)
	_, base, w := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/sse", "")
	ev := nextEvent(t, bufio.NewReader(stream.Body))
	if strings.Contains(ev, other.Listener.Addr().String()) || !strings.Contains(ev, "data: /.mcpscope/") {
		t.Fatalf("a client without Accept got the endpoint event %q, want it pointed at the proxy", ev)
	}
	w.record(t, 1, "the negotiation error", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpNegotiate && r.Error.Cause == mcp.CauseCrossOrigin
	})
}

// A client that leaves while the allowed origin its POST went to has not
// answered: the cancellation names that origin's host, where the request
// was waiting, not the upstream's, which was never asked.
func TestClientLeavingAPostToAnAllowedOriginNamesThatHost(t *testing.T) {
	arrived := make(chan struct{}, 1)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read whole, so the server sees the proxy close the connection.
		_, _ = io.Copy(io.Discard, r.Body)
		arrived <- struct{}{}
		<-r.Context().Done()
	}))
	t.Cleanup(other.Close)
	up := mcptest.New(t, mcptest.Options{Endpoint: func(_, id string) string { return other.URL + "/sse?sessionid=" + id }})
	_, base, w := startProxy(t, up.URL, Config{AllowOrigins: []string{other.URL}})
	data := endpointData(t, base)
	ctx, leave := contextWithCancel(t)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+data, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	posted := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		posted <- err
	}()
	select {
	case <-arrived:
	case <-bounded(t).Done():
		t.Fatal("the POST never reached the allowed origin")
	}
	leave()
	<-posted
	left := w.record(t, 1, "the request's cancellation", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpCancelled
	})
	otherHost, upHost := strings.TrimPrefix(other.URL, "http://"), strings.TrimPrefix(up.URL, "http://")
	if !strings.Contains(left.Error.Message, otherHost) || strings.Contains(left.Error.Message, upHost) {
		t.Errorf("the cancellation says %q, want it to name %s, where the request waited, and not the upstream %s", left.Error.Message, otherHost, upHost)
	}
}

// A legacy stream whose first endpoint event names another origin the user
// allowed, and whose later one names the same path on the upstream's own
// origin: the client's POSTs go to the upstream from then on. The path
// stayed filed as the other origin's, so they still went there.
func TestALaterEndpointOnTheUpstreamTakesItsPathBack(t *testing.T) {
	up, other := crossOriginUpstream(t)
	_, base, w := startProxy(t, up.URL, Config{AllowOrigins: []string{other.URL}})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	nextEvent(t, br)
	conn, err := up.WaitConn(bounded(t))
	if err != nil {
		t.Fatal(err)
	}
	path := "/sse?sessionid=" + conn.ID
	if err := conn.Event("endpoint", path); err != nil {
		t.Fatal(err)
	}
	if got := nextEvent(t, br); !strings.Contains(got, "data: "+path) {
		t.Fatalf("the client's second endpoint event is %q, want %s", got, path)
	}
	w.record(t, 1, "the second endpoint", func(r mcp.Record) bool {
		return r.Endpoint != nil && strings.HasPrefix(string(r.Endpoint.Data), "/")
	})
	before := len(other.requests())
	resp := rawPost(t, base+path, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Authorization", "Bearer client-token")
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusAccepted {
		t.Errorf("the POST was answered %s, want the upstream's 202", resp.Status)
	}
	if n := len(other.requests()) - before; n != 0 {
		t.Errorf("the other origin got %d POSTs after the endpoint named the upstream's own path, want none", n)
	}
	if posts := up.Posts(); len(posts) == 0 {
		t.Errorf("the upstream got no POST")
	}
}
