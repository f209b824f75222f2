/* The checksum of a profile's end line (format version 3): the CRC of
 * POSIX cksum (CRC-32, polynomial 0x04C11DB7, most significant bit first,
 * the length appended least significant byte first, the result
 * complemented), so that `cksum` in a shell gives the same number and a
 * profile edited by hand can be sealed again without this library
 * (docs/profile-format.md). */
#include "model/model_private.h"

static uint32_t crc_byte(uint32_t crc, unsigned char b)
{
    crc ^= (uint32_t)b << 24;
    for (int k = 0; k < 8; k++)
        crc = crc & 0x80000000u ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
    return crc;
}

void ortho__cksum_add(struct ortho__cksum *sum, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sum->crc = crc_byte(sum->crc, (unsigned char)bytes[i]);
    sum->len += n;
}

unsigned long ortho__cksum_value(const struct ortho__cksum *sum)
{
    uint32_t crc = sum->crc;
    for (unsigned long long len = sum->len; len != 0; len >>= 8)
        crc = crc_byte(crc, (unsigned char)(len & 0xffu));
    return (unsigned long)(~crc & 0xffffffffu);
}
