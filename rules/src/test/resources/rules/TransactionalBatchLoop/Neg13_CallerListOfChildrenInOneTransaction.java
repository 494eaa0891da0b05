// A request-scoped service replaces a role's menu links from the caller's list in one @Transactional method: the children of one aggregate, all or nothing by design; not a batch of work items, no finding.
package com.example.idem002.neg13;

import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

interface RoleService {

    @Transactional
    int allocMenu(Long roleId, List<Long> menuIds);
}

@Service
public class RoleServiceImpl implements RoleService {

    private final RoleMenuMapper roleMenuMapper;

    public RoleServiceImpl(RoleMenuMapper roleMenuMapper) {
        this.roleMenuMapper = roleMenuMapper;
    }

    @Override
    public int allocMenu(Long roleId, List<Long> menuIds) {
        roleMenuMapper.deleteByRole(roleId);
        for (Long menuId : menuIds) {
            roleMenuMapper.insert(roleId, menuId);
        }
        return menuIds.size();
    }
}

@Mapper
interface RoleMenuMapper {

    @Delete("DELETE FROM role_menu WHERE role_id = #{roleId}")
    int deleteByRole(@Param("roleId") Long roleId);

    @Insert("INSERT INTO role_menu (role_id, menu_id) VALUES (#{roleId}, #{menuId})")
    int insert(@Param("roleId") Long roleId, @Param("menuId") Long menuId);
}
