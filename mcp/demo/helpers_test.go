package demo

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// testTimeout bounds every wait in these tests, so a hang fails instead of
// stalling the run.
const testTimeout = 10 * time.Second

// startDemo serves Handler(opts) on 127.0.0.1 for the length of the test.
func startDemo(t *testing.T, opts Options) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(Handler(opts))
	t.Cleanup(ts.Close)
	return ts
}

// connect opens an initialized SDK client session to the demo at baseURL.
func connect(t *testing.T, baseURL string, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	// The SDK's SSE client ties its GET stream to Connect's context, so the
	// context must outlive Connect; the timer only bounds the handshake.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	handshake := time.AfterFunc(testTimeout, cancel)
	defer handshake.Stop()
	client := mcp.NewClient(&mcp.Implementation{Name: "demo-test", Version: "v0"}, copts)
	cs, err := client.Connect(ctx, &mcp.SSEClientTransport{Endpoint: baseURL + SSEPath}, nil)
	if err != nil {
		t.Fatalf("connecting to %s%s: %v", baseURL, SSEPath, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// call calls a tool and fails the test on a protocol error; tool errors come
// back in the result.
func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s, %v): %v", name, args, err)
	}
	return res
}

// text joins the text contents of a result.
func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	var parts []string
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("content %T, want *mcp.TextContent", c)
		}
		parts = append(parts, tc.Text)
	}
	return strings.Join(parts, "\n")
}

// toolNames lists the server's tools by name.
func toolNames(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		tools[tool.Name] = tool
	}
	return tools
}
