// Periodic per-store settlement: each store's bill is inserted, then the store's settlement watermark (the day it is settled up to, which the next run starts from) is advanced; that UPDATE is the record, and a crash between them makes the next run bill the same period again: finding on the insert.
package com.example.pos75;

import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class StoreSettlementJob {

    private final StoreMapper stores;
    private final BillMapper bills;

    public StoreSettlementJob(StoreMapper stores, BillMapper bills) {
        this.stores = stores;
        this.bills = bills;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void run() {
        LocalDate today = LocalDate.now();
        for (StoreCycle s : stores.selectDueStores(today.getDayOfMonth())) {
            bills.insertBill(s.getStoreId(), s.getSettlementDay(), today); // expect: IDEM001
            stores.updateSettlementDay(s.getStoreId(), today);
        }
    }
}

@Mapper
interface StoreMapper {
    @Select("SELECT store_id, settlement_day FROM store_detail WHERE settlement_cycle = #{day}")
    List<StoreCycle> selectDueStores(@Param("day") int day);

    @Update("UPDATE store_detail SET settlement_day = #{day} WHERE store_id = #{storeId}")
    void updateSettlementDay(@Param("storeId") String storeId, @Param("day") LocalDate day);
}

@Mapper
interface BillMapper {
    @Insert("INSERT INTO bill (store_id, start_day, end_day) VALUES (#{storeId}, #{from}, #{to})")
    void insertBill(@Param("storeId") String storeId, @Param("from") LocalDate from, @Param("to") LocalDate to);
}

class StoreCycle {
    private String storeId;
    private LocalDate settlementDay;

    public String getStoreId() { return storeId; }
    public LocalDate getSettlementDay() { return settlementDay; }
}
