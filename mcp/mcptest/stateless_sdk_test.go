package mcptest

import (
	"context"
	"net/http"
	"slices"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official Go SDK v1.8.0 speaks 2026-07-28 as a client: discover,
// per-request _meta and headers, x-mcp-header mirroring, listen streams and
// multi round-trip requests. If it works against the stateless fake, the
// fake is a real 2026 server.

// sdkStatelessClient connects a 2026 SDK client that can answer every
// input request the fake's tools make.
func sdkStatelessClient(t *testing.T, endpoint string, changed chan struct{}) *sdk.ClientSession {
	t.Helper()
	client := sdk.NewClient(&sdk.Implementation{Name: "sdk-test", Version: "1.0"}, &sdk.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			if req.Params.Message == "Who is travelling?" {
				return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
			}
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
		},
		CreateMessageHandler: func(context.Context, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			return &sdk.CreateMessageResult{Role: "assistant", Model: "m", Content: &sdk.TextContent{Text: "A short trip."}}, nil
		},
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
			select {
			case changed <- struct{}{}:
			default:
			}
		},
	})
	client.AddRoots(&sdk.Root{URI: "file:///a"})
	cs, err := client.Connect(waitCtx(t), &sdk.StreamableClientTransport{Endpoint: endpoint, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatalf("Connect(%s): %v", endpoint, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func TestStatelessWithSDKClient(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{Tools: append(StatelessTools(), InvalidHeaderTools()...)})
	changed := make(chan struct{}, 1)
	cs := sdkStatelessClient(t, srv.Endpoint(), changed)
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("negotiated %q, want 2026-07-28 from server/discover", v)
	}

	res, err := cs.ListTools(waitCtx(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	for _, invalid := range []string{"dup_header", "bad_header_name", "object_header"} {
		if slices.Contains(names, invalid) {
			t.Errorf("the SDK kept %s, whose x-mcp-header annotation is invalid by its rules too", invalid)
		}
	}

	got, err := cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "forecast", Arguments: map[string]any{"region": "Zürich", "days": 3}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "forecast", text(t, got), `{"days":3,"region":"Zürich"}`)
	r, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return r.Is("tools/call") })
	if err != nil {
		t.Fatal(err)
	}
	want(t, "Mcp-Param-Region from the SDK", r.Header.Get("Mcp-Param-Region"), "=?base64?WsO8cmljaA==?=")
	want(t, "Mcp-Param-Days from the SDK", r.Header.Get("Mcp-Param-Days"), "3")

	got, err = cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "add", Arguments: map[string]any{"a": 2, "b": 40}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "add", text(t, got), "42")
}

func TestStatelessSDKMultiRoundTrip(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	cs := sdkStatelessClient(t, srv.Endpoint(), make(chan struct{}, 1))
	got, err := cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "confirm", Arguments: map[string]any{"action": "deploy"}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "confirm", text(t, got), "confirmed: deploy")

	got, err = cs.CallTool(waitCtx(t), &sdk.CallToolParams{Name: "trip", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "trip", text(t, got), "trip for Ada; roots: file:///a; summary: A short trip.")
	calls := 0
	for _, r := range srv.Requests() {
		if r.Is("tools/call") && r.Status == http.StatusOK {
			calls++
		}
	}
	if calls != 5 {
		t.Errorf("%d tools/call rounds, want 5 (confirm in 2, trip in 3)", calls)
	}
}

func TestStatelessSDKListenStream(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	changed := make(chan struct{}, 1)
	sdkStatelessClient(t, srv.Endpoint(), changed)
	l, err := srv.WaitListen(waitCtx(t))
	if err != nil {
		t.Fatalf("the SDK opened no listen stream: %v", err)
	}
	if !l.Subscriptions["toolsListChanged"] {
		t.Errorf("the SDK subscribed to %v, want toolsListChanged", l.Subscriptions)
	}
	srv.AddTool(FetchTool())
	select {
	case <-changed:
	case <-waitCtx(t).Done():
		t.Fatal("the SDK never saw notifications/tools/list_changed on the listen stream")
	}
}

func TestStatelessSDKAgainstModernOnlyRefusal(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	client := sdk.NewClient(&sdk.Implementation{Name: "old", Version: "1.0"}, nil)
	_, err := client.Connect(waitCtx(t), &sdk.StreamableClientTransport{Endpoint: srv.Endpoint(), MaxRetries: -1},
		&sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err == nil {
		t.Fatal("a 2025 initialize against a modern-only server succeeded")
	}
	r := srv.Requests()[0]
	if !r.Is("initialize") || r.Status != http.StatusBadRequest {
		t.Errorf("first request %s answered %d, want initialize answered 400", r.RPCMethod, r.Status)
	}
}
