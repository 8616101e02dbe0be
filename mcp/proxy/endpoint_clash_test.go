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

	endpoint := func(path string) string {
		stream := rawDo(t, http.MethodGet, base+path, "", "Accept", "text/event-stream")
		t.Cleanup(func() { stream.Body.Close() })
		ev := nextEvent(t, bufio.NewReader(stream.Body))
		for _, line := range strings.Split(ev, "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				return data
			}
		}
		t.Fatalf("no endpoint in %q", ev)
		return ""
	}
	a := endpoint("/a/sse")
	b := endpoint("/b/sse")
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
