package mcptest

import "strings"

// frameEvent frames one SSE event the way the official SDKs do: an "event:"
// line unless name is empty, an "id:" line unless id is empty, one "data: "
// line per line of data, and a blank line. Every fake frames its events
// here, so they all put the same bytes on the wire.
func frameEvent(name, id, data string) string {
	var b strings.Builder
	b.Grow(len(name) + len(id) + len(data) + 32)
	if name != "" {
		b.WriteString("event: " + name + "\n")
	}
	if id != "" {
		b.WriteString("id: " + id + "\n")
	}
	for line := range strings.SplitSeq(data, "\n") {
		b.WriteString("data: ")
		b.WriteString(line)
		b.WriteString("\n")
	}
	b.WriteString("\n")
	return b.String()
}
