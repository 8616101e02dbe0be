package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two stateless clients of one address, User-Agent and clientInfo (curl
// twice at once) that both send id 1 are two sessions: the second
// request, sent while the first waits for its answer, was filed in the
// first's session, whose pairing by id then left one request pending for
// good and showed the other's answer as a duplicate.
func TestStatelessClientsUsingOneWaitingIDAreApart(t *testing.T) {
	statelessTwinsApart(t, false)
}

// So are two that gzip their requests (Content-Encoding: gzip): their ids
// were read from the body as it came, found none, and both were filed in
// one session.
func TestGzippedStatelessClientsUsingOneWaitingIDAreApart(t *testing.T) {
	statelessTwinsApart(t, true)
}

// statelessTwinsApart sends two stateless tools/list of one client, both
// id 1, the second while the first waits, gzipped or not, and checks they
// are two sessions, each with its answer paired.
func statelessTwinsApart(t *testing.T, gzipBody bool) {
	t.Helper()
	arrived := make(chan struct{}, 2)
	release := make(chan struct{})
	var once, released sync.Once
	let := func() { released.Do(func() { close(release) }) }
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		// Which request is first is settled before the test hears one
		// arrived: told after, the second could take the first's place
		// and wait on release while the test waits on it.
		first := false
		once.Do(func() { first = true })
		arrived <- struct{}{}
		if first {
			<-release // the second request comes while this one waits
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)
	}))
	t.Cleanup(up.Close)
	// Cleanups run last first: a test that fails before it lets the first
	// request go lets it go here, or up.Close waits on it for ever.
	t.Cleanup(let)
	_, base, w := startProxy(t, up.URL+"/mcp", Config{})
	body := request2026("1", "tools/list", "", "twin")
	var encoding []string
	if gzipBody {
		body = string(gzipped(t, []byte(body)))
		encoding = []string{"Content-Encoding", "gzip"}
	}
	// The first request is made here and sent from a goroutine, which
	// must not fail the test itself.
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for h, v := range map[string]string{"Content-Type": "application/json", "User-Agent": "curl/8.5.0"} {
		req.Header.Set(h, v)
	}
	hs := headers2026("tools/list", encoding...)
	for i := 0; i+1 < len(hs); i += 2 {
		req.Header.Set(hs[i], hs[i+1])
	}
	answered := make(chan *http.Response, 1)
	failed := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			failed <- err
			return
		}
		answered <- resp
	}()
	select {
	case <-arrived:
	case <-bounded(t).Done():
		t.Fatal("the first request did not reach upstream")
	}
	second := rawPost(t, base+"/mcp", body, headers2026("tools/list", append([]string{"User-Agent", "curl/8.5.0"}, encoding...)...)...)
	readAll(t, second.Body)
	let()
	var first *http.Response
	select {
	case first = <-answered:
	case err := <-failed:
		t.Fatalf("the first tools/list: %v", err)
	}
	readAll(t, first.Body)
	if first.StatusCode != http.StatusOK || second.StatusCode != http.StatusOK {
		t.Fatalf("the two tools/list: %s and %s, want 200 each", first.Status, second.Status)
	}
	answer := func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.ReqSeq != 0
	}
	a := w.clientWith(t, "a session with tools/list answered", answer)
	w.until(t, "two sessions, each with its tools/list answered", func() bool {
		n := 0
		for _, c := range w.clients {
			for _, r := range w.recs[c.ID] {
				if answer(r) {
					n++
					break
				}
			}
		}
		return n == 2
	})
	for _, c := range w.sessions() {
		for _, r := range w.records(c.ID) {
			if r.RPC != nil && (r.RPC.Class == mcp.ClassDuplicate || r.RPC.Class == mcp.ClassForeign) {
				t.Errorf("session %d (apart from %d) has an answer paired as %s, want each answer its request's:\n%s", c.ID, a.ID, r.RPC.Class, w.dump())
			}
		}
		if c.Transport != mcp.TransportStateless {
			t.Errorf("session %d is %s, want stateless", c.ID, c.Transport)
		}
	}
	if n, _ := a.Info(); !strings.Contains(n, "twin") {
		t.Errorf("the session is named %q, want twin", n)
	}
}

// The key of a stateless session beside the first is its identity's and a
// number: keyOf reads back what numberedKey writes, and no other
// identity's key, whose version merely begins like this one's ("1" and
// "12"), passes for it.
func TestNumberedKeyIsReadBackAsItsIdentitys(t *testing.T) {
	base := "stateless\x00127.0.0.1\x00curl/8\x00/mcp\x00tool\x001"
	for _, tc := range []struct {
		key  string
		want bool
	}{
		{base, true},
		{numberedKey(base, 2), true},
		{numberedKey(base, 31), true},
		{base + "2", false},
		{numberedKey(base+"2", 2), false},
		{base + "\x00", false},
		{base + "\x002x", false},
		{"other" + base, false},
	} {
		if got := keyOf(tc.key, base); got != tc.want {
			t.Errorf("keyOf(%q) = %v, want %v", tc.key, got, tc.want)
		}
	}
}
