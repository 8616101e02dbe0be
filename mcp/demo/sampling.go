package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sampleKey names sample's one input request.
const sampleKey = "answer"

func (g *gateway) addSample() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "sample",
		Title: "Ask the client's model",
		Description: "Asks the client for a message from its language model (sampling/createMessage) and shows the answer: " +
			"the model, the stop reason and the text. On 2026-07-28 this is a multi round-trip request.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"prompt":     {"type": "string", "minLength": 1, "description": "What to ask the model, e.g. \"Name three MCP transports\"."},
				"max_tokens": {"type": "integer", "minimum": 1, "maximum": 4096, "default": 200, "description": "Most tokens the answer may have (1 to 4096)."}
			},
			"required": ["prompt"],
			"additionalProperties": false
		}`),
	}, g.sample)
}

type sampleArgs struct {
	Prompt    string `json:"prompt"`
	MaxTokens int64  `json:"max_tokens"`
}

func (g *gateway) sample(_ context.Context, req *mcp.CallToolRequest, in sampleArgs) (*mcp.CallToolResult, any, error) {
	if err := needCapability(req, clientCaps(req).Sampling != nil, "sampling", `{"sampling":{}}`); err != nil {
		return nil, nil, err
	}
	resp, _, second, err := g.answers(req, in)
	if err != nil {
		return nil, nil, err
	}
	if !second {
		res, err := g.ask(req, in, "", mcp.InputRequestMap{sampleKey: &mcp.CreateMessageParams{
			Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Prompt}}},
			SystemPrompt: "You answer for the mcpscope demo gateway. Be brief.",
			MaxTokens:    in.MaxTokens,
			ModelPreferences: &mcp.ModelPreferences{
				Hints:         []*mcp.ModelHint{{Name: "claude"}},
				SpeedPriority: 0.8,
			},
			IncludeContext: "none",
		}})
		return res, nil, err
	}
	got, err := answer[*mcp.CreateMessageWithToolsResult](resp, sampleKey, "a sampling result (role, content, model)")
	if err != nil {
		return nil, nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "model %s answered", orUnknown(got.Model))
	if got.StopReason != "" {
		fmt.Fprintf(&b, " (stop reason %s)", got.StopReason)
	}
	b.WriteString(":")
	for _, c := range got.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString("\n" + t.Text)
			continue
		}
		fmt.Fprintf(&b, "\n[%T content]", c)
	}
	return textResult(b.String()), nil, nil
}

func orUnknown(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	return s
}
