package command

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// hostileCase is one class of schema a server could send to make reading it
// expensive, with argument words that reach its hostile part.
type hostileCase struct {
	name  string
	raw   json.RawMessage
	words []string
}

// hostileCases are the hostile classes at full size; building them takes
// a moment, so benchmarks build them once.
func hostileCases() []hostileCase {
	return []hostileCase{
		{"refCycle", mcptest.SchemaRefCycle(), []string{"count=3", `next:={"count":1,"next":{"count":2}}`, "kids:=[{},{}]"}},
		{"refMutual", mcptest.SchemaRefMutual(), []string{"count=3", `a:={"b":{"b":{}}}`}},
		{"refExplosionAnyOf30", mcptest.SchemaRefExplosion(30, "anyOf"), []string{"count=3", "tree=5"}},
		{"refExplosionOneOf30", mcptest.SchemaRefExplosion(30, "oneOf"), []string{"count=3", "tree=x"}},
		{"refExplosionAllOf30", mcptest.SchemaRefExplosion(30, "allOf"), []string{"count=3", "tree=5"}},
		{"deepProperties100k", mcptest.SchemaDeep(100_000, "properties"), []string{"count=3", `deep:={"a":{"a":{"a":"x"}}}`}},
		{"deepItems100k", mcptest.SchemaDeep(100_000, "items"), []string{"count=3", "deep:=[[[1]]]"}},
		{"deepAnyOf100k", mcptest.SchemaDeep(100_000, "anyOf"), []string{"count=3", "deep=x"}},
		{"hugeEnum1M", mcptest.SchemaHugeEnum(1_000_000), []string{"count=3", "pick=v999999"}},
		{"manyProperties100k", mcptest.SchemaManyProperties(100_000), []string{"count=3", "p99999=1"}},
		{"wideUnion100k", mcptest.SchemaWideUnion(100_000), []string{"count=3", "either=7"}},
		{"wideAllOf100k", mcptest.SchemaWideAllOf(100_000), []string{"count=3", "k1=1"}},
	}
}

// BenchmarkHostileSchema measures what a user's actions cost on each hostile
// class: parsing the schema, the type of every property (what hints and the
// exec tool listing show), and reading key=value words against it.
func BenchmarkHostileSchema(b *testing.B) {
	for _, hc := range hostileCases() {
		b.Run(hc.name+"/parse", func(b *testing.B) {
			b.SetBytes(int64(len(hc.raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseSchema(hc.raw); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(hc.name+"/typestring", func(b *testing.B) {
			s := benchSchema(b, hc.raw)
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range s.Properties {
					_ = p.Schema.TypeString()
				}
			}
		})
		b.Run(hc.name+"/args", func(b *testing.B) {
			s := benchSchema(b, hc.raw)
			b.ReportAllocs()
			for b.Loop() {
				_, _, _ = ParseArgs(hc.words, s)
			}
		})
	}
}

func benchSchema(b *testing.B, raw json.RawMessage) *Schema {
	b.Helper()
	s, err := ParseSchema(raw)
	if err != nil {
		b.Fatal(err)
	}
	return s
}
