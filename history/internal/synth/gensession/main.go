// Command gensession writes a synthetic recording of N records, for
// measuring replay and export by hand:
//
//	go run ./history/internal/synth/gensession -n 1000000 -o /tmp/big.jsonl
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/history/internal/synth"
	"github.com/mcpscope/mcpscope/mcp"
)

func main() {
	n := flag.Int("n", 1_000_000, "how many records")
	out := flag.String("o", "", "the recording to write")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gensession: -o FILE is required")
		os.Exit(2)
	}
	rec, err := history.Create(*out, history.Header{MCPScope: "synth", URL: "http://127.0.0.1:8811/sse", Transport: "sse",
		Started: synth.Start, Host: "127.0.0.1:8811"}, history.RecordOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensession:", err)
		os.Exit(1)
	}
	synth.Session(*n, func(r mcp.Record) bool {
		err = rec.Write(r)
		return err == nil
	})
	if cerr := rec.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensession:", err)
		os.Exit(1)
	}
}
