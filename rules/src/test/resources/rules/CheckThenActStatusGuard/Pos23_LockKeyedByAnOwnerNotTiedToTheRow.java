// Look-alike of Neg40: a Redisson lock keyed by an owner id is held across the read, the check and the write, but
// nothing ties the booking to that owner (no check of its owner, no read by owner): a caller passing another owner's
// id takes another lock, and two runs both pass the check. Reported at the check.
package com.example.idem004.pos23;

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
            if ("PENDING".equals(b.getStatus())) { // expect: IDEM004 "two separate steps"
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
            Assert.isTrue(ownerId > 0, "no owner");
            if ("CONFIRMED".equals(b.getStatus())) { // expect: IDEM004 "two separate steps"
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
