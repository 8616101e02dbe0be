package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/ui"
)

// printer writes exec results for people. Everything that came from the
// server goes through the sanitizer: a hostile server must not be able to
// drive the user's terminal through exec either. One-line fields (names,
// versions, titles) use sanitize.Line so a newline cannot break the layout;
// text that may run to several lines (results, errors with hints) uses
// sanitize.Text.
type printer struct {
	w     io.Writer
	errw  io.Writer // where failures go when the records are the output
	quiet bool      // --json: records are the output
}

// result prints one command's outcome and returns its exit status.
func (p *printer) result(c command.Command, resp *mcp.Response, err error) int {
	title := c.Method
	if c.Tool != "" {
		title += " " + c.Tool
	}
	var ue *command.UsageError
	code := exitOK
	switch {
	case mcp.IsConnectionFailure(err):
		code = exitConnect
	case errors.As(err, &ue):
		code = exitUsage
	case err != nil || (resp != nil && resp.ToolError):
		code = exitFailed
	}
	if p.quiet {
		// Failures that never became records (nothing was sent) must
		// still be said somewhere.
		if ue != nil && p.errw != nil {
			fmt.Fprintf(p.errw, "%s: %s\n", sanitize.Line(title), sanitize.Text(err.Error()))
		}
		return code
	}
	fmt.Fprintf(p.w, "── %s\n", sanitize.Line(title))
	if err != nil {
		var rpcErr *mcp.RPCError
		if !errors.As(err, &rpcErr) || resp == nil {
			fmt.Fprintf(p.w, "error: %s\n", sanitize.Text(err.Error()))
			if hint := advice.ForError(err, advice.CLI); hint != "" {
				fmt.Fprintf(p.w, "  hint: %s\n", sanitize.Line(hint))
			}
			fmt.Fprintln(p.w)
			return code
		}
		fmt.Fprintf(p.w, "error: %s\n\n", sanitize.Text(rpcErr.Error()))
		return code
	}
	if resp == nil {
		fmt.Fprintln(p.w, "sent")
		fmt.Fprintln(p.w)
		return code
	}
	switch c.Method {
	case "initialize":
		p.initialize(resp.Result)
	case "tools/list":
		p.tools(resp.Result)
	case "tools/call":
		p.toolResult(resp)
	default:
		fmt.Fprintln(p.w, prettyJSON(resp.Result))
	}
	fmt.Fprintln(p.w)
	return code
}

func (p *printer) initialize(result json.RawMessage) {
	var r struct {
		ProtocolVersion string                     `json:"protocolVersion"`
		Capabilities    map[string]json.RawMessage `json:"capabilities"`
		ServerInfo      struct{ Name, Version string }
		Instructions    string `json:"instructions"`
	}
	if json.Unmarshal(result, &r) != nil {
		fmt.Fprintln(p.w, prettyJSON(result))
		return
	}
	caps := make([]string, 0, len(r.Capabilities))
	for k := range r.Capabilities {
		caps = append(caps, k)
	}
	sort.Strings(caps)
	fmt.Fprintf(p.w, "server %s %s, protocol %s\n", sanitize.Line(r.ServerInfo.Name), sanitize.Line(r.ServerInfo.Version), sanitize.Line(r.ProtocolVersion))
	fmt.Fprintf(p.w, "capabilities: %s\n", sanitize.Line(strings.Join(caps, ", ")))
	if r.Instructions != "" {
		// Instructions can run to pages (they are written for a model);
		// the first line says what they are, the TUI shows them whole.
		first, rest, _ := strings.Cut(strings.TrimSpace(r.Instructions), "\n")
		if rest != "" {
			first += fmt.Sprintf(" (+%d more lines)", strings.Count(rest, "\n")+1)
		}
		fmt.Fprintf(p.w, "instructions: %s\n", sanitize.Line(first))
	}
}

func (p *printer) tools(result json.RawMessage) {
	page, err := mcp.ParseTools(result)
	if err != nil {
		fmt.Fprintln(p.w, prettyJSON(result))
		return
	}
	tools, next := page.Tools, page.NextCursor
	// fmt pads by runes, so the column is measured in runes of what is
	// printed, not in bytes of what was sent.
	names := make([]string, len(tools))
	width := 0
	for i, t := range tools {
		names[i] = sanitize.Line(t.Name)
		width = max(width, utf8.RuneCountInString(names[i]))
	}
	for i, t := range tools {
		desc, _, _ := strings.Cut(strings.TrimSpace(t.Description), "\n")
		fmt.Fprintf(p.w, "%-*s  %s\n", width, names[i], sanitize.Line(desc))
		if args := argSummary(t.InputSchema); args != "" {
			fmt.Fprintf(p.w, "%-*s    %s\n", width, "", sanitize.Line(args))
		}
	}
	for _, u := range page.Unreadable {
		fmt.Fprintf(p.w, "unreadable %s\n", sanitize.Line(u.String()))
	}
	fmt.Fprintf(p.w, "%d tools", len(tools))
	if n := len(page.Unreadable); n > 0 {
		fmt.Fprintf(p.w, " and %d unreadable", n)
	}
	if next != "" {
		fmt.Fprintf(p.w, " (more pages: use tools/list --all)")
	}
	fmt.Fprintln(p.w)
}

// argSummary is one line per tool: name*: type, with * for required.
func argSummary(raw json.RawMessage) string {
	s, err := command.ParseSchema(raw)
	if err != nil || s == nil {
		return ""
	}
	// A line, not a page: a schema can list thousands of properties.
	const shown = 20
	parts := make([]string, 0, min(len(s.Properties), shown)+2)
	for i, prop := range s.Properties {
		if i == shown {
			parts = append(parts, fmt.Sprintf("… and %d more", len(s.Properties)-shown))
			break
		}
		name := prop.Name
		if prop.Required {
			name += "*"
		}
		parts = append(parts, name+": "+prop.Schema.TypeString())
	}
	if s.Truncated != "" {
		parts = append(parts, "("+s.Truncated+")")
	}
	return strings.Join(parts, "  ")
}

func (p *printer) toolResult(resp *mcp.Response) {
	var r struct {
		Content []struct {
			Type     string          `json:"type"`
			Text     string          `json:"text"`
			MimeType string          `json:"mimeType"`
			Data     string          `json:"data"`
			Resource json.RawMessage `json:"resource"`
			URI      string          `json:"uri"`
		} `json:"content"`
		Structured json.RawMessage `json:"structuredContent"`
	}
	if json.Unmarshal(resp.Result, &r) != nil {
		fmt.Fprintln(p.w, prettyJSON(resp.Result))
		return
	}
	if resp.ToolError {
		fmt.Fprintln(p.w, "tool error (isError: true):")
	}
	for _, c := range r.Content {
		switch c.Type {
		case "text":
			fmt.Fprintln(p.w, sanitize.Text(c.Text))
		case "image", "audio":
			fmt.Fprintf(p.w, "[%s %s, %d base64 bytes]\n", c.Type, sanitize.Line(c.MimeType), len(c.Data))
		case "resource_link":
			fmt.Fprintf(p.w, "[resource link %s]\n", sanitize.Line(c.URI))
		case "resource":
			fmt.Fprintf(p.w, "[resource]\n%s\n", prettyJSON(c.Resource))
		default:
			fmt.Fprintf(p.w, "[%s content]\n", sanitize.Line(c.Type))
		}
	}
	if len(r.Structured) > 0 && len(r.Content) == 0 {
		fmt.Fprintln(p.w, prettyJSON(r.Structured))
	}
}

// prettyJSON indents JSON, or shows the text as it is (sanitized) when it
// is not, with the TUI's printer: bounded indentation and output, and a
// count of what is left out past 16 MiB.
func prettyJSON(raw []byte) string { return ui.PrettyText(string(raw), 16<<20) }
