// After the bill insert the store's remark is updated: a display column is no record of the settlement, so there is no effect-then-record gap to report (and one insert alone is no chain).
package com.example.neg75;

import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class StoreBillingNoteJob {

    private final StoreMapper stores;
    private final BillMapper bills;

    public StoreBillingNoteJob(StoreMapper stores, BillMapper bills) {
        this.stores = stores;
        this.bills = bills;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void run() {
        LocalDate today = LocalDate.now();
        for (StoreCycle s : stores.selectDueStores(today.getDayOfMonth())) {
            bills.insertBill(s.getStoreId(), today);
            stores.updateRemark(s.getStoreId(), "billed " + today);
        }
    }
}

@Mapper
interface StoreMapper {
    @Select("SELECT store_id FROM store_detail WHERE settlement_cycle = #{day}")
    List<StoreCycle> selectDueStores(@Param("day") int day);

    @Update("UPDATE store_detail SET remark = #{remark} WHERE store_id = #{storeId}")
    void updateRemark(@Param("storeId") String storeId, @Param("remark") String remark);
}

@Mapper
interface BillMapper {
    @Insert("INSERT INTO bill (store_id, end_day) VALUES (#{storeId}, #{to})")
    void insertBill(@Param("storeId") String storeId, @Param("to") LocalDate to);
}

class StoreCycle {
    private String storeId;

    public String getStoreId() { return storeId; }
}
