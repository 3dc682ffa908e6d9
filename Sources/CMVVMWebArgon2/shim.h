// Argon2, the reference implementation as Debian ships it (libargon2-dev): password hashing
// for MVVMWebAccounts.
#include <argon2.h>
