package main

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// runIntoClosedOutput runs mcpscope with args, its stdout a pipe whose
// reader has already gone (`| head -1` once head has ended), and returns
// its exit code and what it said on stderr.
func runIntoClosedOutput(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := newRootCmd()
	var errb strings.Builder
	cmd.SetOut(w)
	cmd.SetErr(&errb)
	cmd.SetArgs(args)
	return report(&errb, cmd.ExecuteContext(context.Background())), errb.String()
}

// sentAfter counts what reached srv after its first skip requests: the
// tools/list and tools/call messages, and the DELETEs that end a session.
func sentAfter(srv *mcptest.StreamableServer, skip int) (lists, calls, deletes int) {
	for _, q := range srv.Requests()[skip:] {
		switch {
		case q.Is("tools/list"):
			lists++
		case q.Is("tools/call"):
			calls++
		case q.Method == http.MethodDelete:
			deletes++
		}
	}
	return lists, calls, deletes
}
