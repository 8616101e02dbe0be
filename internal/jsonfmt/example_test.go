package jsonfmt_test

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonfmt"
)

// plain is the smallest Sink: text, two spaces a level.
type plain struct{ b strings.Builder }

func (p *plain) Write(_ jsonfmt.Kind, text string) int {
	p.b.WriteString(text)
	return len(text)
}

func (p *plain) Newline(depth int) { p.b.WriteString("\n" + strings.Repeat("  ", depth)) }

func ExampleWalk() {
	var p plain
	if _, err := jsonfmt.Walk(`{"tool":"echo","args":[1,true,null],"meta":{}}`, jsonfmt.Options{}, &p); err != nil {
		fmt.Println(err)
	}
	fmt.Println(p.b.String())
	// Output:
	// {
	//   "tool": "echo",
	//   "args": [
	//     1,
	//     true,
	//     null
	//   ],
	//   "meta": {}
	// }
}
