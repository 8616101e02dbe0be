package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// The recordings listed when the proxy stops are in the order their
// clients connected: a session held back while upstream was slow to
// answer its initialize is recorded after a later client's, and the list
// named it after that one, as if it had connected second.
func TestRecordingsAreListedInTheOrderClientsConnected(t *testing.T) {
	stateDir(t)
	release, arrived := make(chan struct{}), make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.Contains(string(body), `"first"`):
			close(arrived)
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		case !strings.Contains(string(body), `"second"`):
			// The proxy's own look at upstream as it starts.
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	initialize := func(name string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"` + name + `","version":"1"}}}`
	}
	answered := make(chan int, 1)
	go func() {
		status, _ := clientPost(t, h.run.base+"/mcp", "", initialize("first"))
		answered <- status
	}()
	<-arrived
	if status, _ := clientPost(t, h.run.base+"/mcp", "", initialize("second")); status != http.StatusOK {
		t.Fatalf("the second client's initialize was answered %d, want 200", status)
	}
	// The second's recording is made while the first is held (for up to
	// answerWait); its lines wait for the first's.
	for deadline := time.Now().Add(10 * time.Second); !recordedAs(t, h.dir, "proxy-streamable-2"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second client's session was never recorded")
		}
	}
	close(release)
	if status := <-answered; status != http.StatusOK {
		t.Fatalf("the first client's initialize was answered %d, want 200", status)
	}
	h.waitFor("#2 second 1 · streamable → initialize")
	h.stop()
	out := h.errw.String()
	_, list, _ := strings.Cut(out, "2 sessions recorded:")
	first, second := strings.Index(list, "proxy-streamable-1"), strings.Index(list, "proxy-streamable-2")
	if first < 0 || second < 0 || first > second {
		t.Errorf("the recordings are not listed in the order their clients connected (the first's, then the second's):\n%s", out)
	}
}

// recordedAs reports whether a recording in dir has a name holding part.
func recordedAs(t *testing.T, dir, part string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(entries, func(e os.DirEntry) bool { return strings.Contains(e.Name(), part) })
}
