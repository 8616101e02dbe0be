package mcptest

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official Go SDK's client against the stateful fake: if it works with
// the SDK's own streamable transport, the fake is a real server.

// sdkConnect connects an SDK client to endpoint with these options.
func sdkConnect(t *testing.T, endpoint string, opts *sdk.ClientOptions, sessOpts *sdk.ClientSessionOptions) *sdk.ClientSession {
	t.Helper()
	client := sdk.NewClient(&sdk.Implementation{Name: "sdk-test", Version: "1.0"}, opts)
	cs, err := client.Connect(waitCtx(t), &sdk.StreamableClientTransport{Endpoint: endpoint, MaxRetries: 2}, sessOpts)
	if err != nil {
		t.Fatalf("Connect(%s): %v", endpoint, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// text is the first text content of a tool result.
func text(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatalf("result has no content: %+v", res)
	}
	tc, ok := res.Content[0].(*sdk.TextContent)
	if !ok {
		t.Fatalf("content %T, want text", res.Content[0])
	}
	return tc.Text
}

func TestStreamableWithSDKClient(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{ToolPages: 3})
	cs := sdkConnect(t, srv.Endpoint(), nil, nil)
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("negotiated %q, want 2025-11-25 after the SDK's discover probe was refused", v)
	}
	var names []string
	for tool, err := range cs.Tools(waitCtx(t), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	if want := []string{"echo", "add", "search", "fail", "steps", "slow", "ask"}; !slices.Equal(names, want) {
		t.Errorf("tools over 3 pages = %v, want %v", names, want)
	}
	res, err := cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "add", Arguments: map[string]any{"a": 2, "b": 3}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "add 2 3", text(t, res), "5")

	sess := srv.Sessions()[0]
	if err := cs.Close(); err != nil {
		t.Fatal(err)
	}
	if !sess.Deleted() {
		t.Error("the SDK's Close did not DELETE the session")
	}
	probe := srv.Requests()[0]
	if !probe.Is("server/discover") || probe.Status != http.StatusBadRequest {
		t.Errorf("first request %s answered %d, want the SDK's server/discover probe answered 400", probe.RPCMethod, probe.Status)
	}
}

func TestStreamableSDKAnswersServerRequests(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{Handle: PingBeforeAnswer("tools/call")})
	cs := sdkConnect(t, srv.Endpoint(), &sdk.ClientOptions{
		ElicitationHandler: func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		},
	}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	res, err := cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "ask", Arguments: map[string]any{
		"method": "elicitation/create",
		"params": map[string]any{"mode": "form", "message": "Name?", "requestedSchema": map[string]any{
			"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}},
		}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(t, res); !strings.Contains(got, `"action":"accept"`) || !strings.Contains(got, `"name":"Ada"`) {
		t.Errorf("ask elicitation = %s, want the SDK's accepted answer", got)
	}
	// Each reply was recorded before the fake went on, so before the result.
	answers := 0
	for _, r := range srv.Requests() {
		if r.Kind == KindResponse {
			answers++
		}
	}
	if answers != 2 {
		t.Errorf("%d server requests answered with a POST, want 2 (the ping, then the elicitation)", answers)
	}
}

func TestStreamableSDKResumesACutStream(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{Store: StoreStream, Handle: CutMidResponse("tools/call", 10*time.Millisecond)})
	cs := sdkConnect(t, srv.Endpoint(), nil, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	res, err := cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "after a cut"}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "echo", text(t, res), "after a cut")
	if _, err := srv.WaitRequest(waitCtx(t), func(r Request) bool {
		return r.Method == http.MethodGet && r.Header.Get("Last-Event-ID") != "" && r.Status == http.StatusOK
	}); err != nil {
		t.Errorf("no resuming GET with Last-Event-ID: %v", err)
	}
}

func TestStreamableSDKGetsListChangedOnGETStream(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{})
	changed := make(chan struct{}, 1)
	sdkConnect(t, srv.Endpoint(), &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
			select {
			case changed <- struct{}{}:
			default:
			}
		},
	}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	sess, err := srv.WaitSession(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.WaitGET(waitCtx(t)); err != nil {
		t.Fatalf("the SDK opened no GET stream: %v", err)
	}
	srv.AddTool(FetchTool())
	select {
	case <-changed:
	case <-waitCtx(t).Done():
		t.Fatal("the SDK never saw notifications/tools/list_changed")
	}
}

func TestStreamableSDKSeesExpiry(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{})
	cs := sdkConnect(t, srv.Endpoint(), nil, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	srv.Sessions()[0].Expire()
	if _, err := cs.ListTools(waitCtx(t), nil); err == nil {
		t.Error("ListTools on an expired session succeeded, want an error")
	}
}
