package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two legacy sessions whose endpoint events name one path, one on the
// upstream and one on another origin allowed with --allow-origin, would
// share one URI on the proxy, which routes POSTs by their URI alone: the
// first client's POSTs, its Authorization with them, went to the second
// one's server and were recorded in its session. The second endpoint is
// refused instead (its POSTs answered 502 saying why), and the first
// session's POSTs still go where its endpoint named.
func TestEndpointsOnOneURIToTwoOriginsAreToldApart(t *testing.T) {
	var mu sync.Mutex
	var got []string
	seen := func(who string, r *http.Request) {
		mu.Lock()
		got = append(got, who+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization"))
		mu.Unlock()
	}
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen("other", r)
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(other.Close)
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			seen("home", r)
			w.WriteHeader(http.StatusAccepted)
			return
		}
		ep := "/message?sid=1"
		if r.URL.Path == "/a/sse" {
			ep = other.URL + ep
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "event: endpoint\ndata: %s\n\n", ep)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(home.Close)
	_, base, _ := startProxy(t, home.URL, Config{AllowOrigins: []string{other.URL}})

	a, _ := legacyEndpoint(t, base+"/a/sse")
	b, _ := legacyEndpoint(t, base+"/b/sse")
	if a != "/message?sid=1" {
		t.Fatalf("the first client's endpoint is %q, want the other origin's path", a)
	}
	if b == a {
		t.Errorf("both clients were given the endpoint %q, one for the upstream and one for %s", a, other.URL)
	}
	post := func(ep, token string) *http.Response {
		u := ep
		if strings.HasPrefix(ep, "/") {
			u = base + ep
		}
		return rawDo(t, http.MethodPost, u, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "Authorization", "Bearer "+token)
	}
	ra := post(a, "ALICE")
	io.Copy(io.Discard, ra.Body)
	ra.Body.Close()
	rb := post(b, "BOB")
	body, _ := io.ReadAll(rb.Body)
	rb.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 || got[0] != "other /message?sid=1 Bearer ALICE" {
		t.Errorf("the first client's POST reached %q, want the other origin, where its endpoint pointed", got)
	}
	for _, g := range got {
		if strings.HasPrefix(g, "other") && strings.Contains(g, "BOB") {
			t.Errorf("the second client's POST (its Authorization) reached the other origin: %q", got)
		}
	}
	if rb.StatusCode != http.StatusBadGateway || !strings.Contains(string(body), "already client session") {
		t.Errorf("the second client's POST got %d %q, want 502 saying the endpoint is another session's", rb.StatusCode, body)
	}
}

// legacyEndpoint opens a legacy stream at url and returns the data of the
// endpoint event the client got, and the stream (closed at the test's end).
func legacyEndpoint(t *testing.T, url string) (string, io.Closer) {
	t.Helper()
	stream := rawDo(t, http.MethodGet, url, "", "Accept", "text/event-stream")
	t.Cleanup(func() { stream.Body.Close() })
	ev := nextEvent(t, bufio.NewReader(stream.Body))
	for _, line := range strings.Split(ev, "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			return data, stream.Body
		}
	}
	t.Fatalf("no endpoint in %q", ev)
	return "", nil
}

// An upstream that names one endpoint for two live sessions of its own
// origin: the second is refused, and the first client's POSTs stay its
// own. Filed under both, they were recorded in the second session, and
// once that client left, each POST began a session of its own.
func TestOneEndpointForTwoSessionsOfOneOrigin(t *testing.T) {
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: /message?sid=1\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(home.Close)
	_, base, w := startProxy(t, home.URL, Config{})
	a, _ := legacyEndpoint(t, base+"/sse")
	b, bStream := legacyEndpoint(t, base+"/sse")
	if b == a {
		t.Errorf("both clients were given the endpoint %q", a)
	}
	bStream.Close()
	w.record(t, 2, "the second session's end", inState("closed", ""))
	resp := rawDo(t, http.MethodPost, base+a, `{"jsonrpc":"2.0","id":7,"method":"ping"}`)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	w.record(t, 1, "the first client's ping, in its own session", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "ping"
	})
}

// Two streams whose endpoint events name one path at the same moment: the
// check that the path was free and its taking were apart, so both could
// pass the check and both clients be given the one endpoint.
func TestOneEndpointNamedForTwoStreamsAtOnce(t *testing.T) {
	for range 20 {
		var arrived sync.WaitGroup
		arrived.Add(2)
		home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				w.WriteHeader(http.StatusAccepted)
				return
			}
			// Both streams are open before either names the endpoint.
			arrived.Done()
			arrived.Wait()
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: endpoint\ndata: /message?sid=1\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}))
		_, base, _ := startProxy(t, home.URL, Config{})
		got := make(chan string, 2)
		for range 2 {
			go func() {
				// Kept open until both are read: a stream closed once
				// read frees its endpoint for the next.
				resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
				t.Cleanup(func() { resp.Body.Close() })
				got <- nextEvent(t, bufio.NewReader(resp.Body))
			}()
		}
		a, b := <-got, <-got
		home.CloseClientConnections()
		home.Close()
		if a == b {
			t.Fatalf("both clients were given the same endpoint event:\n%s", a)
		}
	}
}
