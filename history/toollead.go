package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// TitleLine is a listed tool's, resource's or template's title as its line
// says it: its first line, cut to a line's worth with its size; "" for a
// title of blanks. Server text, for the edges to sanitize.
func TitleLine(title string) string {
	return clip.Quote(clip.FirstLine(strings.TrimSpace(title)), 60)
}

// ToolLine is what a listing of tools says of one, the same words for
// every edge (exec's tools/list, the TUI's tool hints): the hints its
// annotations state, its title when it is not its name (cut to a line's
// worth) and desc, the edge's own line of its description, as
// "(read-only, idempotent) Greeter: Greets a person". lead, when given,
// is said first in the same parentheses, set apart from the hints by "; "
// ("(runs as a task; read-only)"). The title came from the server: the
// edges sanitize the line.
func ToolLine(t mcp.Tool, desc string, lead ...string) string {
	var parts []string
	// A title of blanks says nothing: it is left out, not said as an
	// empty part before the description (": Greets a person").
	if title := TitleLine(t.TitleShown()); title != "" {
		parts = append(parts, title)
	}
	if desc != "" {
		parts = append(parts, desc)
	}
	// Not " · ", which the TUI's hint reads as between its parts: title
	// and description are one part, cut together.
	line := strings.Join(parts, ": ")
	if words := t.Annotations.Words(); len(words) > 0 {
		lead = append(lead[:len(lead):len(lead)], strings.Join(words, ", "))
	}
	if len(lead) > 0 {
		line = strings.TrimSuffix("("+strings.Join(lead, "; ")+") "+line, " ")
	}
	return line
}
