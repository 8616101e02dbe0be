package main

import (
	"debug/elf"
	"testing"
)

// mcpscope's binary keeps out the code nothing calls. A call of reflect's
// Method or MethodByName with a name known only at run time (executing a
// text/template does, as cobra's help templates did) makes the linker keep
// every exported method of every linked package: 2.8 MB more binary to
// load at every start, for a start-up the project holds to 2x hello world.
func TestBinaryKeepsNoMethodByName(t *testing.T) {
	f, err := elf.Open(builtBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == "reflect.Value.Method" || s.Name == "reflect.Value.MethodByName" {
			t.Fatalf("the binary links %s, so the linker kept every exported method: find its caller with `go build -ldflags=-dumpdep . 2>&1 | grep ReflectMethod` (a text/template executed, e.g. a cobra Set*Template)", s.Name)
		}
	}
}
