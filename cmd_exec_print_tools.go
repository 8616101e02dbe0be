package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

func (p *printer) tools(resp *mcp.Response) {
	result := resp.Result
	page, err := resp.Tools()
	if err != nil {
		fmt.Fprintln(p.w, prettyJSON(result))
		return
	}
	tools, next := page.Tools, page.NextCursor
	rows := make([]entry, len(tools))
	named := mcp.NameProblems(tools)
	for i, t := range tools {
		var lead []string
		if t.TaskSupport == mcp.TaskRequired && !p.modern() {
			// tools/call follows it to its result. Said in the hints'
			// parentheses, not in a pair of its own. A 2026 session
			// calls it plainly: the field is 2025-11-25's.
			lead = []string{"runs as a task"}
		}
		desc := history.ToolLine(t, firstLine(t.Description), lead...)
		if named != nil && named[i] != "" {
			desc = "⚠ " + named[i] + " · " + desc
		}
		if why := p.notCallable(page, t); why != "" {
			// Shown, since the server sent it, but marked: a 2026 client
			// leaves it out, and tools/call refuses it.
			desc = "⚠ not callable: " + why + " · " + desc
		}
		rows[i] = entry{name: mcp.NameListed(t.Name), desc: desc, more: argSummary(t.InputSchema)}
	}
	p.columns(rows)
	// Only the reasons shown are written out: a page can hold a million.
	shown := page.Unreadable[:min(len(page.Unreadable), unreadableShown)]
	unreadable := make([]string, len(shown))
	for i, u := range shown {
		unreadable[i] = u.String()
	}
	// As the other lists say it: "1 tool", and the cursor of the next page.
	p.count(len(tools), "tool", p.unreadable(unreadable, len(page.Unreadable)-len(shown)+page.UnreadableMore), next, "tools/list", result)
}

// notCallable is why a 2026 client leaves t out, "" when it does not or
// the session is not 2026's: the mark the session made reading the page,
// or, for a page it did not read (one sent with its own params), the
// schema's headers checked here.
func (p *printer) notCallable(page mcp.ToolPage, t mcp.Tool) string {
	switch {
	case !p.modern():
		return ""
	case page.HeadersRead:
		return t.Invalid
	}
	return mcp.HeaderProblem(t.InputSchema)
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
		name := command.KeyWord(prop.Name)
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

func (p *printer) toolResult(tool string, resp *mcp.Response) {
	// The blocks are read one at a time as they are printed (contentBlocks):
	// a result of a million tiny blocks, decoded all at once, held 168
	// bytes of struct for each block of 26 in the answer (600 MB for 26 MB).
	var r struct {
		Content    contentList     `json:"content"`
		Structured json.RawMessage `json:"structuredContent"`
	}
	// Said first: a result of another shape (content that is no list) is
	// printed as its JSON, and is still the tool's failure.
	if resp.ToolError {
		fmt.Fprintln(p.w, "tool error (isError: true):")
	}
	if odd := command.OddIsError(resp.Result); odd != "" {
		fmt.Fprintln(p.w, sanitize.Line(odd)+":")
	}
	if p.listed != nil {
		// Said, not failed on, as an odd isError is: the result is
		// still the tool's, and a debugger shows it.
		if bad := command.OutputMismatch(p.listed(), tool, resp.Result); bad != "" {
			fmt.Fprintln(p.w, "warning: "+sanitize.Line(bad))
		}
	}
	if _, task := mcp.CreatedTask(resp.Result); task {
		// A task the session did not follow (the tool is not listed as
		// one that runs as a task): its "(no content)" said the tool
		// answered nothing.
		p.createdTask(resp.Result)
		return
	}
	if err := command.ObjectResult("tools/call", resp.Result); err != nil {
		p.unreadableResult(err, resp.Result)
		return
	}
	if err := json.Unmarshal(resp.Result, &r); err != nil {
		p.unreadableResult(fmt.Errorf("the tools/call result is not readable: %v", err), resp.Result)
		return
	}
	blocks := contentBlocks(resp.Result)
	if len(blocks) == 0 && len(r.Structured) == 0 {
		// An empty line would read as an empty text.
		fmt.Fprintln(p.w, "(no content)")
	}
	var c contentItem
	for i, block := range blocks {
		c = contentItem{}
		_ = c.UnmarshalJSON(block) // never fails: it says why in c.unreadable
		if c.unreadable != "" {
			// The others are still shown: one bad block costs itself.
			fmt.Fprintf(p.w, "unreadable content[%d]: %s\n", i, sanitize.Line(c.unreadable))
			continue
		}
		if c.Type == "text" {
			printText(p.w, textOf(block))
		} else {
			io.WriteString(p.w, c.line(p.saveHint())+"\n")
		}
		if note := c.Annotations.String(); note != "" {
			// On a line of its own after the block: no word of the text.
			fmt.Fprintln(p.w, "("+sanitize.Line(note)+")")
		}
	}
	if len(r.Structured) > 0 && len(blocks) == 0 {
		fmt.Fprintln(p.w, prettyJSON(r.Structured))
	}
}
