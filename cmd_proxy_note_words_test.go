package main

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The headless proxy's line for a notification the server sent says what
// it says, as exec's notes and the TUI's Pairs do: a log message's level,
// logger and text. Each read "← notifications/message" and no more, so a
// capture of server-everything's logging was a column of the one method.
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
	cs.Close()
	h.stop()
	out := h.errw.String()
	if want := "← log emergency mcpscope-demo: disk full (emergency)"; !strings.Contains(out, want) {
		t.Errorf("stderr lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "← notifications/message") {
		t.Errorf("a log message's line names only its method:\n%s", out)
	}
}
