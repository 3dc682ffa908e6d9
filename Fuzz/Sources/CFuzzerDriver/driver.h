// libFuzzer's entry point for programs that keep their own main (llvm.org/docs/LibFuzzer.html).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
