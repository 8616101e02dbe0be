package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ctrl+c on a request to a 2025 server that keeps no session (the Go SDK's
// streamable handler with Stateless: true, which names no Mcp-Session-Id)
// says that notifications/cancelled was sent but cannot be matched to the
// request there, and that closing its stream is what stops it, where exec
// said notifications/cancelled told the server. A server that keeps
// sessions is still said to have been told.
func TestExecCancelSaysWhatAServerWithoutSessionsWasTold(t *testing.T) {
	const told, sessionless = "cancelled: the request was given up on and notifications/cancelled told the server\n",
		"cancelled: the request was given up on and notifications/cancelled was sent, but the server keeps no session (no Mcp-Session-Id) to match it to the request: only the closing of the request's stream, which exec did, can stop it\n"
	for _, tc := range []struct {
		name      string
		stateless bool
		want, not string
	}{
		{"stateless", true, sessionless, told},
		{"keeps sessions", false, told, sessionless},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, called := heldSDKCall(t, tc.stateless)
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(builtBinary(t), "exec", "--no-record", "--transport", "streamable", "--no-get-stream", url, "tools/call hold")
			cmd.Env = childEnv(t, "MCPSCOPE_STATE_DIR="+t.TempDir())
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ended := make(chan error, 1)
			go func() { ended <- cmd.Wait() }()
			select {
			case <-called:
			case err := <-ended:
				t.Fatalf("exec ended (%v) before tools/call reached the server:\n%s\n%s", err, stdout.String(), stderr.String())
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("tools/call never reached the server:\n%s", stderr.String())
			}
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ended:
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("exec did not stop on SIGINT:\n%s", stderr.String())
			}
			if out := stdout.String(); !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
				t.Errorf("exec said:\n%s\nwant %q", out, tc.want)
			}
		})
	}
}

// heldSDKCall serves, on 127.0.0.1, the Go SDK's streamable handler
// (stateless or keeping sessions) with one tool, hold, which holds its
// call until the call is given up on or the test ends (a server that
// missed the cancellation must not hold the test's cleanup); called
// receives when one begins.
func heldSDKCall(t *testing.T, stateless bool) (url string, called <-chan struct{}) {
	t.Helper()
	began, release := make(chan struct{}, 1), make(chan struct{})
	srv := sdk.NewServer(&sdk.Implementation{Name: "held", Version: "1"}, nil)
	sdk.AddTool(srv, &sdk.Tool{Name: "hold"}, func(ctx context.Context, _ *sdk.CallToolRequest, _ struct{}) (*sdk.CallToolResult, any, error) {
		select {
		case began <- struct{}{}:
		default:
		}
		select {
		case <-ctx.Done():
		case <-release:
		}
		return nil, nil, ctx.Err()
	})
	up := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{Stateless: stateless}))
	t.Cleanup(up.Close)
	t.Cleanup(func() { close(release) }) // runs before up.Close
	return up.URL, began
}
