package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// logLevels are the syslog levels of notifications/message, least severe
// first.
var logLevels = []mcp.LoggingLevel{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// logger names the demo in the messages it logs.
const logger = "mcpscope-demo"

func (g *gateway) addLog() {
	quoted := make([]string, len(logLevels))
	for i, l := range logLevels {
		quoted[i] = fmt.Sprintf("%q", l)
	}
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "log",
		Title: "Log at every level",
		Description: "Sends a log message (notifications/message) at each level from debug to emergency, or at one level. " +
			"A client gets only those at or above the level it asked for: logging/setLevel, or on 2026-07-28 " +
			"io.modelcontextprotocol/logLevel in the request's _meta; none before it asks.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"message": {"type": "string", "default": "hello from the demo", "description": "The text of every message."},
				"level":   {"type": "string", "enum": [` + strings.Join(quoted, ", ") + `], "description": "Send only at this level; leave it out for all eight."}
			},
			"additionalProperties": false
		}`),
	}, logAtLevels)
}

type logArgs struct {
	Message string           `json:"message"`
	Level   mcp.LoggingLevel `json:"level"`
}

func logAtLevels(ctx context.Context, req *mcp.CallToolRequest, in logArgs) (*mcp.CallToolResult, any, error) {
	levels := logLevels
	if in.Level != "" {
		levels = []mcp.LoggingLevel{in.Level}
	}
	for _, level := range levels {
		// The SDK drops what is below the client's level.
		err := req.Session.Log(ctx, &mcp.LoggingMessageParams{
			Level:  level,
			Logger: logger,
			Data:   fmt.Sprintf("%s (%s)", in.Message, level),
		})
		if err != nil {
			return nil, nil, fmt.Errorf("log: sending the %s message: %w", level, err)
		}
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = string(l)
	}
	return textResult(fmt.Sprintf("logged %q at %s; sent only those at or above the level the client asked for, none if it asked for none",
		in.Message, strings.Join(names, ", "))), nil, nil
}
