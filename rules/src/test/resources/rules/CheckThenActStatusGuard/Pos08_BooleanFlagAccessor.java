// A boolean isUsed() flag on a loaded coupon guards crediting the wallet: two redemptions racing both see it unused and both credit.
package com.example.idem004.pos08;

import java.math.BigDecimal;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class CouponRedeemer {

    private final CouponMapper couponMapper;
    private final WalletClient walletClient;

    public CouponRedeemer(CouponMapper couponMapper, WalletClient walletClient) {
        this.couponMapper = couponMapper;
        this.walletClient = walletClient;
    }

    public void redeem(String code, long userId) {
        Coupon coupon = couponMapper.selectByCode(code);
        if (!coupon.isUsed()) { // expect: IDEM004 "credits again"
            walletClient.credit(userId, coupon.getValue());
            couponMapper.markUsed(coupon.getId());
        }
    }
}

@Mapper
interface CouponMapper {

    @Select("SELECT id, value, used FROM coupon WHERE code = #{code}")
    Coupon selectByCode(@Param("code") String code);

    @Update("UPDATE coupon SET used = 1 WHERE id = #{id}")
    int markUsed(@Param("id") long id);
}

interface WalletClient {
    void credit(long userId, BigDecimal amount);
}

class Coupon {
    private Long id;
    private BigDecimal value;
    private boolean used;

    public Long getId() { return id; }
    public BigDecimal getValue() { return value; }
    public boolean isUsed() { return used; }
}
