package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// stderrGoneEnv marks the child process of
// TestProxyHeadlessOutlivesItsStderrReader.
const stderrGoneEnv = "MCPSCOPE_TEST_STDERR_GONE"

// `mcpscope proxy --headless URL 2>&1 | head -3`: once head has exited,
// the proxy's stderr is a pipe nobody reads. It died of SIGPIPE at its next
// line, cutting its clients off and leaving the recordings without their
// close; now it drops the lines and goes on relaying and recording until
// SIGTERM, then closes the recordings as usual. The proxy runs in a child
// process (this test binary run again) whose stderr is such a pipe: SIGPIPE
// and the signal that stops it go to that whole process.
func TestProxyHeadlessOutlivesItsStderrReader(t *testing.T) {
	if os.Getenv(stderrGoneEnv) != "" {
		proxyWithStderrGone(t)
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the reader is gone before the proxy writes its first line
	defer w.Close()
	child := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1")
	child.Env = childEnv(t, stderrGoneEnv+"=1")
	var out bytes.Buffer
	child.Stdout, child.Stderr = &out, w
	err = child.Run()
	if err != nil || !strings.Contains(out.String(), "relayed, recorded and closed") {
		t.Errorf("the proxy with its stderr reader gone: %v (want it to go on and close its recording)\n%s", err, out.String())
	}
}

// proxyWithStderrGone is the child: a headless proxy, run as the command
// line runs it, to a streamable fake; a client's session through it; then
// SIGTERM, and the recording checked for its close. It prints what the
// parent looks for once all held.
func proxyWithStderrGone(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	listen, done, dir := runHeadlessProxy(t, up.Endpoint())
	base := "http://" + listen + "/mcp"
	status, sid := clientPost(t, base, "", initializeBody)
	if status != 200 || sid == "" {
		t.Fatalf("initialize through the proxy: %d, session %q", status, sid)
	}
	// Lines were printed (and dropped) since: the proxy is still there.
	if status, _ := clientPost(t, base, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); status != 200 {
		t.Fatalf("tools/list through the proxy: %d", status)
	}
	stopWithRecordingClosed(t, done, dir, syscall.SIGTERM)
	fmt.Println("relayed, recorded and closed")
}
