// A Redisson lock keyed by the booking's owner is held across the read of the booking's status, the check and the
// write, and the booking is checked to belong to that owner (an early exit, or an assertion) before its status is
// read: every change to that owner's bookings takes the same lock, so a second run waits and then reads the new
// status. The check and the act are one step; no finding. Pos23 is the look-alike whose booking is never tied to the
// locked owner.
package com.example.idem004.neg40;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Service;
import org.springframework.util.Assert;

@Service
public class BookingService {

    private final BookingMapper mapper;
    private final RedissonClient redisson;

    public BookingService(BookingMapper mapper, RedissonClient redisson) {
        this.mapper = mapper;
        this.redisson = redisson;
    }

    public void confirm(long ownerId, long bookingId) {
        RLock lock = redisson.getLock("booking-owner:" + ownerId);
        lock.lock();
        try {
            Booking b = mapper.selectById(bookingId);
            if (b.getOwnerId() != ownerId) {
                throw new IllegalArgumentException("not your booking");
            }
            if ("PENDING".equals(b.getStatus())) {
                mapper.updateStatus(bookingId, "CONFIRMED");
            }
        } finally {
            lock.unlock();
        }
    }

    public void cancel(long ownerId, long bookingId) {
        RLock lock = redisson.getLock("booking-owner:" + ownerId);
        lock.lock();
        try {
            Booking b = mapper.selectById(bookingId);
            Assert.isTrue(b.getOwnerId() == ownerId, "not your booking");
            if ("CONFIRMED".equals(b.getStatus())) {
                mapper.updateStatus(bookingId, "CANCELLED");
            }
        } finally {
            lock.unlock();
        }
    }
}

@Mapper
interface BookingMapper {

    @Select("SELECT id, owner_id, status FROM booking WHERE id = #{id}")
    Booking selectById(@Param("id") long id);

    @Update("UPDATE booking SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Booking {
    private long ownerId;
    private String status;

    public long getOwnerId() { return ownerId; }
    public String getStatus() { return status; }
}
