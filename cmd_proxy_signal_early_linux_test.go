package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// signalEarlyEnv marks the child process of
// TestProxyHeadlessSignalWhileAskingUpstreamClosesRecordings.
const signalEarlyEnv = "MCPSCOPE_TEST_SIGNAL_EARLY"

// The headless proxy relays and records from the moment it listens, while
// it still asks upstream what it serves for its first lines (up to 2s: a
// server that holds back its GET /sse takes all of it). A SIGTERM then (a
// script that runs a client and stops the proxy at once) killed it, its
// client's recording left without its close; now it stops as at any other
// time. The proxy runs in a child process (this test binary run again),
// which the signal goes to.
func TestProxyHeadlessSignalWhileAskingUpstreamClosesRecordings(t *testing.T) {
	if os.Getenv(signalEarlyEnv) != "" {
		proxySignalledEarly(t)
		return
	}
	child := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1")
	child.Env = childEnv(t, signalEarlyEnv+"=1")
	var out bytes.Buffer
	child.Stdout, child.Stderr = &out, &out
	err := child.Run()
	if err != nil || !strings.Contains(out.String(), "stopped early, recorded and closed") {
		t.Errorf("the proxy signalled while it asked upstream what it serves: %v (want it to stop and close its recording)\n%s", err, out.String())
	}
}

// proxySignalledEarly is the child: a headless proxy to an upstream whose
// GET /sse never answers, a client's initialize through it, then SIGTERM
// before the proxy's probes of upstream are done.
func proxySignalledEarly(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	target, err := url.Parse(up.URL)
	if err != nil {
		t.Fatal(err)
	}
	relay := httputil.NewSingleHostReverseProxy(target)
	hold := make(chan struct{})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sse" {
			select { // the probe of a legacy stream beside /mcp: held back
			case <-hold:
			case <-r.Context().Done():
			}
			return
		}
		relay.ServeHTTP(w, r)
	}))
	defer front.Close()
	defer close(hold)
	dir := t.TempDir()
	listen := mcptest.ClosedAddr(t)
	done := make(chan int, 1)
	go func() {
		cmd := newRootCmd()
		cmd.SetArgs([]string{"proxy", "--headless", "--listen", listen, "--record-dir", dir, front.URL + "/mcp"})
		done <- report(os.Stderr, cmd.Execute())
	}()
	if !pollFor(func() bool {
		c, err := net.Dial("tcp", listen)
		if err == nil {
			c.Close()
		}
		return err == nil
	}) {
		t.Fatal("the proxy never listened")
	}
	status, sid := clientPost(t, "http://"+listen+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	if status != 200 || sid == "" {
		t.Fatalf("initialize through the proxy: %d, session %q", status, sid)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := <-done; code != exitOK {
		t.Fatalf("the proxy exited %d after SIGTERM, want %d", code, exitOK)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(paths) != 1 {
		t.Fatalf("recordings %q, want one", paths)
	}
	recs := readRecording(t, paths[0])
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed {
		t.Fatalf("the recording ends with %+v, want its close", last)
	}
	fmt.Println("stopped early, recorded and closed")
}
