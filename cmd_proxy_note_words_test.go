package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The headless proxy's line for a notification the server sent says what
// it says, as exec's notes and the TUI's Pairs do: a log message's level,
// logger and text, a progress's count and the call whose token it names.
// Each read "← notifications/message" (or /progress) and no more, so a
// capture of server-everything's logging was a column of the one method;
// a progress line named no call, so two calls' could not be told apart.
func TestProxyHeadlessSaysWhatANotificationSays(t *testing.T) {
	h, cs, ctx := sdkThroughDemoProxy(t, "note-test", &sdk.ClientOptions{
		LoggingMessageHandler: func(context.Context, *sdk.LoggingMessageRequest) {},
	})
	if err := cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: "emergency"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "log", Arguments: map[string]any{"message": "disk full"}}); err != nil {
		t.Fatal(err)
	}
	slow := &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 0.05, "steps": 2}}
	slow.SetProgressToken("p1")
	if _, err := cs.CallTool(ctx, slow); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	h.stop()
	out := h.errw.String()
	for _, want := range []string{"← log emergency mcpscope-demo: disk full (emergency)", "← progress of tools/call slow id=5  [##########..........] 1/2  step 1 of 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
	for _, method := range []string{"← notifications/message", "← notifications/progress"} {
		if strings.Contains(out, method) {
			t.Errorf("a notification's line names only its method, %s:\n%s", method, out)
		}
	}
}

// The README's example of a log line in the proxy's words is what the
// proxy prints for the demo's log tool: it read "← log info: …", the line
// of a message with no logger, where the demo names itself mcpscope-demo.
func TestREADMEProxyLogLineIsTheDemos(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("`(← log [^`]*)…`").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md gives no example of the proxy's log line (`← log …`)")
	}
	h, cs, ctx := sdkThroughDemoProxy(t, "readme-test", &sdk.ClientOptions{
		LoggingMessageHandler: func(context.Context, *sdk.LoggingMessageRequest) {},
	})
	if err := cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "log"}); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, string(m[1])) {
		t.Errorf("README.md's `%s…` is not what the proxy prints for the demo's log tool:\n%s", m[1], out)
	}
}
